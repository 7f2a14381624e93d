CREATE TABLE "h5_form_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"work_id" text NOT NULL,
	"submission_id" text NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "h5_work_snapshots" (
	"work_id" text NOT NULL,
	"version" integer NOT NULL,
	"work" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "h5_work_snapshots_work_id_version_pk" PRIMARY KEY("work_id","version")
);
--> statement-breakpoint
CREATE TABLE "h5_work_stats" (
	"work_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "h5_work_stats_work_id_day_pk" PRIMARY KEY("work_id","day")
);
--> statement-breakpoint
CREATE TABLE "h5_work_visitors" (
	"work_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "h5_work_visitors_work_id_day_visitor_hash_pk" PRIMARY KEY("work_id","day","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "h5_works" ADD COLUMN "publish_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "h5_form_submissions_once_uq" ON "h5_form_submissions" USING btree ("work_id","submission_id");--> statement-breakpoint
CREATE INDEX "h5_form_submissions_work_idx" ON "h5_form_submissions" USING btree ("work_id","created_at","id");--> statement-breakpoint
CREATE INDEX "h5_works_template_idx" ON "h5_works" USING btree ("updated_at","id") WHERE "h5_works"."is_template" and "h5_works"."deleted_at" is null;