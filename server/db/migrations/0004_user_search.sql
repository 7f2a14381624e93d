ALTER TABLE "users" ADD COLUMN "sort_code" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("account" || chr(1) || "real_name" || chr(1) || "quick_query" || chr(1) || coalesce("mobile_phone", ''))) STORED;--> statement-breakpoint
CREATE INDEX "users_sort_idx" ON "users" USING btree ("sort_code","account");