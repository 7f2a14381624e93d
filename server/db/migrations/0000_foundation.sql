CREATE TABLE "organizes" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"category" text NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" text PRIMARY KEY NOT NULL,
	"organize_id" text NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" text PRIMARY KEY NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "roles_en_code_unique" UNIQUE("en_code")
);
--> statement-breakpoint
CREATE TABLE "login_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"account" text NOT NULL,
	"ip_address" text NOT NULL,
	"ip_address_name" text NOT NULL,
	"platform" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"success" boolean NOT NULL,
	"abstracts" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip_address" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"login_log_id" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"real_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"head_icon" text DEFAULT '001.svg' NOT NULL,
	"gender" text,
	"mobile_phone" text,
	"email" text,
	"signature" text,
	"description" text,
	"organize_id" text,
	"department_id" text,
	"position_id" text,
	"manager_id" text,
	"portal_id" text DEFAULT '' NOT NULL,
	"theme" text DEFAULT 'classic' NOT NULL,
	"language" text DEFAULT 'zh-CN' NOT NULL,
	"is_administrator" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"entry_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "users_account_unique" UNIQUE("account")
);
--> statement-breakpoint
CREATE TABLE "data_migrations" (
	"id" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_buttons" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_columns" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"type" integer NOT NULL,
	"url_address" text DEFAULT '' NOT NULL,
	"link_target" text,
	"property_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "modules_en_code_unique" UNIQUE("en_code")
);
--> statement-breakpoint
CREATE TABLE "role_authorize" (
	"role_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	CONSTRAINT "role_authorize_role_id_item_type_item_id_pk" PRIMARY KEY("role_id","item_type","item_id")
);
--> statement-breakpoint
CREATE INDEX "organizes_parent_idx" ON "organizes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "login_logs_account_idx" ON "login_logs" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "login_logs_ip_idx" ON "login_logs" USING btree ("ip_address","created_at");--> statement-breakpoint
CREATE INDEX "login_logs_user_idx" ON "login_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_department_idx" ON "users" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "users_manager_idx" ON "users" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "modules_parent_idx" ON "modules" USING btree ("parent_id");