DROP INDEX "flow_circulates_user_idx";--> statement-breakpoint
DROP INDEX "flow_todos_pending_idx";--> statement-breakpoint
DROP INDEX "flow_todos_done_idx";--> statement-breakpoint
ALTER TABLE "flow_circulates" ADD COLUMN "flow_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_circulates" ADD COLUMN "urgent" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_circulates" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_todos" ADD COLUMN "flow_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_todos" ADD COLUMN "urgent" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_todos" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing todos and copies take their task's list fields (flow, urgency, search text).
UPDATE "flow_todos" d SET "flow_id" = t."flow_id", "urgent" = t."urgent", "search_text" = t."search_text" FROM "flow_tasks" t WHERE t."id" = d."task_id";--> statement-breakpoint
UPDATE "flow_circulates" c SET "flow_id" = t."flow_id", "urgent" = t."urgent", "search_text" = t."search_text" FROM "flow_tasks" t WHERE t."id" = c."task_id";--> statement-breakpoint
CREATE INDEX "flow_circulates_user_idx" ON "flow_circulates" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"urgent","flow_id","search_text");--> statement-breakpoint
CREATE INDEX "flow_todos_pending_idx" ON "flow_todos" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"urgent","flow_id","search_text") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "flow_todos_done_idx" ON "flow_todos" USING btree ("user_id","handled_at" DESC NULLS LAST,"id" DESC NULLS LAST,"urgent","flow_id","search_text") WHERE state in ('adopt', 'reject', 'transfer');