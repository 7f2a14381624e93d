CREATE TABLE "chat_counts" (
	"user_id" text NOT NULL,
	"peer_id" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_counts_user_id_peer_id_pk" PRIMARY KEY("user_id","peer_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"send_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"user_low" text GENERATED ALWAYS AS (least("send_user_id", "to_user_id")) STORED NOT NULL,
	"user_high" text GENERATED ALWAYS AS (greatest("send_user_id", "to_user_id")) STORED NOT NULL,
	"content_type" text NOT NULL,
	"content" jsonb NOT NULL,
	"search_text" text GENERATED ALWAYS AS (case when "content_type" = 'text' then lower("content" #>> '{}') end) STORED,
	"send_time" timestamp with time zone DEFAULT now() NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_sender_id_uq" ON "chat_messages" USING btree ("send_user_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_pair_seq_idx" ON "chat_messages" USING btree ("user_low","user_high","seq");--> statement-breakpoint
CREATE INDEX "chat_messages_unread_idx" ON "chat_messages" USING btree ("to_user_id","send_user_id") WHERE not "chat_messages"."is_read";--> statement-breakpoint
CREATE INDEX "chat_messages_media_idx" ON "chat_messages" USING btree (("content" ->> 'path')) WHERE "chat_messages"."content_type" <> 'text';