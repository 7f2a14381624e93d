CREATE TABLE "data_interfaces" (
	"id" text PRIMARY KEY NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"kind" text NOT NULL,
	"config" jsonb NOT NULL,
	"display" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_interfaces_en_code_unique" UNIQUE("en_code")
);
--> statement-breakpoint
CREATE TABLE "online_models" (
	"id" text PRIMARY KEY NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"description" text,
	"draft" jsonb NOT NULL,
	"config" jsonb,
	"published_version" integer DEFAULT 0 NOT NULL,
	"menu_id" text,
	"indexes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creator_user_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "online_models_en_code_unique" UNIQUE("en_code")
);
--> statement-breakpoint
CREATE TABLE "online_record_files" (
	"file_name" text NOT NULL,
	"model_id" text NOT NULL,
	"record_id" text NOT NULL,
	CONSTRAINT "online_record_files_file_name_model_id_record_id_pk" PRIMARY KEY("file_name","model_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "online_records" (
	"model_id" text NOT NULL,
	"id" text NOT NULL,
	"data" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_grams" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"creator_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modify_user_id" text,
	"updated_at" timestamp with time zone,
	"organize_id" text,
	"department_id" text,
	CONSTRAINT "online_records_model_id_id_pk" PRIMARY KEY("model_id","id")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "upload_key" text;--> statement-breakpoint
CREATE INDEX "online_record_files_record_idx" ON "online_record_files" USING btree ("model_id","record_id");--> statement-breakpoint
CREATE INDEX "online_records_time_idx" ON "online_records" USING btree ("model_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "files_upload_key_uq" ON "files" USING btree ("creator_user_id","upload_key") WHERE "files"."upload_key" is not null;