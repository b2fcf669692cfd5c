CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(16) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"error" varchar(500) DEFAULT '' NOT NULL,
	"model" varchar(128) DEFAULT '' NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" varchar(36) NOT NULL,
	"user_id" integer NOT NULL,
	"category" smallint DEFAULT 0 NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"document_id" integer,
	"model" varchar(128) DEFAULT '' NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"last_status" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "llm_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(64) DEFAULT '' NOT NULL,
	"provider" varchar(32) NOT NULL,
	"model" varchar(128) NOT NULL,
	"base_url" varchar(255) DEFAULT '' NOT NULL,
	"api_key" varchar(512) DEFAULT '' NOT NULL,
	"kind" varchar(16) DEFAULT 'chat' NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_topic_id_chat_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."chat_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_topic_idx" ON "chat_messages" USING btree ("topic_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_topics_uuid_uq" ON "chat_topics" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "chat_topics_user_idx" ON "chat_topics" USING btree ("user_id","category","updated_at");