CREATE TABLE "spider_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"spider_url_id" integer NOT NULL,
	"url" varchar(2048) NOT NULL,
	"source_url" varchar(2048) DEFAULT '' NOT NULL,
	"title" varchar(255) DEFAULT '' NOT NULL,
	"ext" varchar(16) DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"hash" varchar(64) DEFAULT '' NOT NULL,
	"attachment_id" integer,
	"document_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spider_urls" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" varchar(2048) NOT NULL,
	"category_ids" integer[] DEFAULT '{}' NOT NULL,
	"user_id" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"language" varchar(32) DEFAULT '' NOT NULL,
	"pattern" varchar(512) DEFAULT '' NOT NULL,
	"depth" smallint DEFAULT 1 NOT NULL,
	"auto_publish" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spider_documents" ADD CONSTRAINT "spider_documents_spider_url_id_spider_urls_id_fk" FOREIGN KEY ("spider_url_id") REFERENCES "public"."spider_urls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spider_documents_url_uq" ON "spider_documents" USING btree ("spider_url_id","url");--> statement-breakpoint
CREATE INDEX "spider_documents_status_idx" ON "spider_documents" USING btree ("status");--> statement-breakpoint
CREATE INDEX "spider_urls_status_idx" ON "spider_urls" USING btree ("status");