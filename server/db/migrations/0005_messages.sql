CREATE TABLE "message_counts" (
	"user_id" text NOT NULL,
	"type" integer NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "message_counts_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
CREATE TABLE "message_receipts" (
	"user_id" text NOT NULL,
	"message_id" text NOT NULL,
	"type" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "message_receipts_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"search_title" text GENERATED ALWAYS AS (lower("title")) STORED,
	"body_text" text DEFAULT '' NOT NULL,
	"creator_user_id" text,
	"to_user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled_mark" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_presence" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "message_receipts_user_time_idx" ON "message_receipts" USING btree ("user_id","received_at","message_id");--> statement-breakpoint
CREATE INDEX "message_receipts_unread_idx" ON "message_receipts" USING btree ("user_id","type") WHERE not "message_receipts"."is_read";--> statement-breakpoint
CREATE INDEX "message_receipts_message_idx" ON "message_receipts" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "messages_type_created_idx" ON "messages" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "realtime_presence_instance_idx" ON "realtime_presence" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "realtime_presence_user_idx" ON "realtime_presence" USING btree ("user_id");--> statement-breakpoint
-- A revoked session (sign-out, password change, user disabled, reset password) tells every server
-- instance, whichever code path revoked it: the instances send `logout` to its open websockets.
CREATE OR REPLACE FUNCTION yunmian_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('yunmian_realtime', json_build_object('k', 'revoke', 's', NEW.id)::text);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_revoked_notify AFTER UPDATE OF revoked_at ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION yunmian_session_revoked();
--> statement-breakpoint
-- message_counts follows message_receipts, whichever statement changes them: per statement, the
-- changed rows are summed by (user, type) and applied in key order (concurrent statements lock the
-- counter rows in the same order, so they never deadlock each other).
CREATE OR REPLACE FUNCTION yunmian_message_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO message_counts AS c (user_id, type, total, unread)
      SELECT user_id, type, count(*)::int, (count(*) FILTER (WHERE NOT is_read))::int FROM new_rows GROUP BY user_id, type ORDER BY user_id, type
      ON CONFLICT (user_id, type) DO UPDATE SET total = c.total + excluded.total, unread = c.unread + excluded.unread, version = c.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO message_counts AS c (user_id, type, total, unread)
      SELECT user_id, type, -count(*)::int, -(count(*) FILTER (WHERE NOT is_read))::int FROM old_rows GROUP BY user_id, type ORDER BY user_id, type
      ON CONFLICT (user_id, type) DO UPDATE SET total = c.total + excluded.total, unread = c.unread + excluded.unread, version = c.version + 1;
  ELSE
    INSERT INTO message_counts AS c (user_id, type, total, unread)
      SELECT user_id, type, sum(t)::int, sum(u)::int FROM (
        SELECT user_id, type, 1 AS t, (NOT is_read)::int AS u FROM new_rows
        UNION ALL
        SELECT user_id, type, -1, -((NOT is_read)::int) FROM old_rows
      ) x GROUP BY user_id, type ORDER BY user_id, type
      ON CONFLICT (user_id, type) DO UPDATE SET total = c.total + excluded.total, unread = c.unread + excluded.unread, version = c.version + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER message_receipts_count_insert AFTER INSERT ON message_receipts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yunmian_message_counts();--> statement-breakpoint
CREATE TRIGGER message_receipts_count_update AFTER UPDATE ON message_receipts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION yunmian_message_counts();--> statement-breakpoint
CREATE TRIGGER message_receipts_count_delete AFTER DELETE ON message_receipts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION yunmian_message_counts();
