CREATE TABLE "flow_circulates" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"node_id" text NOT NULL,
	"node_name" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_engines" (
	"id" text PRIMARY KEY NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"icon" text DEFAULT 'file-text' NOT NULL,
	"description" text,
	"draft" jsonb NOT NULL,
	"published_version" integer DEFAULT 0 NOT NULL,
	"creator_user_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_engines_en_code_unique" UNIQUE("en_code")
);
--> statement-breakpoint
CREATE TABLE "flow_records" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"node_id" text NOT NULL,
	"node_name" text NOT NULL,
	"action" text NOT NULL,
	"user_id" text,
	"opinion" text DEFAULT '' NOT NULL,
	"target" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"flow_id" text NOT NULL,
	"flow_version_id" text NOT NULL,
	"full_name" text NOT NULL,
	"urgent" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"launcher_id" text NOT NULL,
	"form_data" jsonb NOT NULL,
	"chosen_approvers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_node_id" text,
	"path" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flow_todos" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"node_id" text NOT NULL,
	"node_name" text NOT NULL,
	"user_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"opinion" text DEFAULT '' NOT NULL,
	"from_todo_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"flow_id" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"form" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "flow_circulates_user_idx" ON "flow_circulates" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "flow_circulates_uq" ON "flow_circulates" USING btree ("task_id","node_id","user_id");--> statement-breakpoint
CREATE INDEX "flow_records_task_idx" ON "flow_records" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "flow_tasks_launcher_idx" ON "flow_tasks" USING btree ("launcher_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flow_tasks_created_idx" ON "flow_tasks" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flow_tasks_flow_idx" ON "flow_tasks" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "flow_todos_pending_idx" ON "flow_todos" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "flow_todos_done_idx" ON "flow_todos" USING btree ("user_id","handled_at" DESC NULLS LAST) WHERE state in ('adopt', 'reject', 'transfer');--> statement-breakpoint
CREATE INDEX "flow_todos_task_idx" ON "flow_todos" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_versions_flow_uq" ON "flow_versions" USING btree ("flow_id","version");