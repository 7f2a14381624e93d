CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"creator_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "files_type_name_uq" ON "files" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "files_creator_idx" ON "files" USING btree ("creator_user_id","type");