CREATE TABLE "attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" varchar(64) NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"type_id" integer DEFAULT 0 NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"path" varchar(255) NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"ext" varchar(16) DEFAULT '' NOT NULL,
	"mime" varchar(128) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"description" varchar(1024) DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"document_id" integer NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"ext" varchar(16) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"preview" integer DEFAULT 0 NOT NULL,
	"width" real DEFAULT 0 NOT NULL,
	"height" real DEFAULT 0 NOT NULL,
	"gzip" boolean DEFAULT true NOT NULL,
	"engine" varchar(128) DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_categories" (
	"document_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "document_categories_document_id_category_id_pk" PRIMARY KEY("document_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "document_scores" (
	"document_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_scores_document_id_user_id_pk" PRIMARY KEY("document_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "document_texts" (
	"hash" varchar(64) NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "document_texts_hash_page_pk" PRIMARY KEY("hash","page")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" varchar(32) NOT NULL,
	"title" varchar(255) NOT NULL,
	"keywords" varchar(255) DEFAULT '' NOT NULL,
	"description" varchar(1024) DEFAULT '' NOT NULL,
	"user_id" integer NOT NULL,
	"attachment_id" integer DEFAULT 0 NOT NULL,
	"hash" varchar(64) NOT NULL,
	"ext" varchar(16) NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"preview" integer DEFAULT 0 NOT NULL,
	"width" real DEFAULT 0 NOT NULL,
	"height" real DEFAULT 0 NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"language" varchar(16) DEFAULT 'zh-cn' NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"favorite_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 300 NOT NULL,
	"score_count" integer DEFAULT 0 NOT NULL,
	"enable_gzip" boolean DEFAULT true NOT NULL,
	"convert_error" text DEFAULT '' NOT NULL,
	"reject_reason" varchar(255) DEFAULT '' NOT NULL,
	"recommend_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_user_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"document_id" integer NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"is_pay" boolean DEFAULT false NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"document_title" varchar(255) DEFAULT '' NOT NULL,
	"user_id" integer NOT NULL,
	"reason" smallint NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_categories" ADD CONSTRAINT "document_categories_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_scores" ADD CONSTRAINT "document_scores_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_scores" ADD CONSTRAINT "document_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_hash_idx" ON "attachments" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "attachments_type_idx" ON "attachments" USING btree ("type","type_id");--> statement-breakpoint
CREATE INDEX "attachments_user_idx" ON "attachments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comments_doc_idx" ON "comments" USING btree ("type","document_id","id");--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "document_categories_category_idx" ON "document_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "documents_user_idx" ON "documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "documents_hash_idx" ON "documents" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "documents_status_idx" ON "documents" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "documents_title_trgm_idx" ON "documents" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "downloads_user_idx" ON "downloads" USING btree ("user_id","document_id");--> statement-breakpoint
CREATE INDEX "downloads_ip_idx" ON "downloads" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "downloads_doc_idx" ON "downloads" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_doc_type_uq" ON "favorites" USING btree ("user_id","document_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_user_doc_uq" ON "reports" USING btree ("user_id","document_id");