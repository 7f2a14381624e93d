CREATE TABLE "h5_images" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "h5_works" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pages" jsonb NOT NULL,
	"datasources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover_image_url" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"page_mode" text NOT NULL,
	"schema_version" integer DEFAULT 1 NOT NULL,
	"is_publish" boolean DEFAULT false NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "h5_images_creator_created_idx" ON "h5_images" USING btree ("creator_user_id","created_at","id") WHERE "h5_images"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "h5_works_creator_updated_idx" ON "h5_works" USING btree ("creator_user_id","updated_at","id") WHERE "h5_works"."deleted_at" is null;