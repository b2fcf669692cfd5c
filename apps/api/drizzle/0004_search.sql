CREATE TABLE "document_search" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"keywords" varchar(100) NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"page" integer DEFAULT 1 NOT NULL,
	"spend_time" real DEFAULT 0 NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(512) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_reindex" (
	"id" integer PRIMARY KEY NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_search" ADD CONSTRAINT "document_search_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_search_tsv_idx" ON "document_search" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "document_search_visible_idx" ON "document_search" USING btree ("visible");--> statement-breakpoint
CREATE INDEX "search_records_created_idx" ON "search_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "search_records_keywords_idx" ON "search_records" USING btree ("keywords");