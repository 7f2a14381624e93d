CREATE TABLE "areas" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"description" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_number_blocks" (
	"rule_id" text NOT NULL,
	"period_key" text NOT NULL,
	"first" bigint NOT NULL,
	"last" bigint NOT NULL,
	"user_id" text NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_number_blocks_rule_id_period_key_first_pk" PRIMARY KEY("rule_id","period_key","first")
);
--> statement-breakpoint
CREATE TABLE "bill_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"date_format" text DEFAULT '' NOT NULL,
	"digit" integer DEFAULT 4 NOT NULL,
	"start_number" bigint DEFAULT 1 NOT NULL,
	"reset_period" text DEFAULT 'never' NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"period_key" text DEFAULT '' NOT NULL,
	"description" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_data" (
	"id" text PRIMARY KEY NOT NULL,
	"dictionary_type_id" text NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"description" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_types" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"is_tree" integer DEFAULT 0 NOT NULL,
	"description" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text NOT NULL,
	"name" text NOT NULL,
	"grade" integer NOT NULL,
	"leaf" boolean NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizes" ADD COLUMN "manager_id" text;--> statement-breakpoint
ALTER TABLE "organizes" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "organizes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "sort_code" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quick_query" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "module_buttons" ADD COLUMN "sort_code" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "module_columns" ADD COLUMN "sort_code" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "areas_parent_idx" ON "areas" USING btree ("parent_id","sort_code");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_code_uq" ON "areas" USING btree ("en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_rules_code_uq" ON "bill_rules" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "dictionary_data_type_idx" ON "dictionary_data" USING btree ("dictionary_type_id","sort_code");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_data_code_uq" ON "dictionary_data" USING btree ("dictionary_type_id","en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_types_code_uq" ON "dictionary_types" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "regions_parent_idx" ON "regions" USING btree ("parent_id","grade","sort_code");--> statement-breakpoint
CREATE UNIQUE INDEX "organizes_code_uq" ON "organizes" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "positions_organize_idx" ON "positions" USING btree ("organize_id");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_code_uq" ON "positions" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "users_organize_idx" ON "users" USING btree ("organize_id");--> statement-breakpoint
CREATE UNIQUE INDEX "module_buttons_uq" ON "module_buttons" USING btree ("module_id","en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "module_columns_uq" ON "module_columns" USING btree ("module_id","en_code");