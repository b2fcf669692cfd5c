CREATE TABLE "chat_topic_documents" (
	"topic_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_topic_documents_topic_id_document_id_pk" PRIMARY KEY("topic_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "chunk_embeddings" (
	"chunk_id" integer NOT NULL,
	"model" varchar(200) NOT NULL,
	CONSTRAINT "chunk_embeddings_model_chunk_id_pk" PRIMARY KEY("model","chunk_id")
);
--> statement-breakpoint
CREATE TABLE "document_chunks" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"page" integer NOT NULL,
	"seq" integer NOT NULL,
	"content" text NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedding_models" (
	"model" varchar(200) PRIMARY KEY NOT NULL,
	"name" varchar(128) DEFAULT '' NOT NULL,
	"dimension" integer DEFAULT 0 NOT NULL,
	"state" varchar(16) DEFAULT 'building' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedding_tasks" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"error" varchar(500) DEFAULT '' NOT NULL,
	"model" varchar(200) DEFAULT '' NOT NULL,
	"text_hash" varchar(64) DEFAULT '' NOT NULL,
	"chunks" integer DEFAULT 0 NOT NULL,
	"embedded" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_topic_documents" ADD CONSTRAINT "chat_topic_documents_topic_id_chat_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."chat_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunk_embeddings" ADD CONSTRAINT "chunk_embeddings_chunk_id_document_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."document_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chunk_embeddings_chunk_idx" ON "chunk_embeddings" USING btree ("chunk_id");--> statement-breakpoint
CREATE INDEX "document_chunks_document_idx" ON "document_chunks" USING btree ("document_id","seq");--> statement-breakpoint
CREATE INDEX "document_chunks_tsv_idx" ON "document_chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "embedding_tasks_status_idx" ON "embedding_tasks" USING btree ("status","updated_at");--> statement-breakpoint
-- The vector itself: pgvector's unconstrained `vector` where the extension is installed (each model gets a partial
-- HNSW index on `embedding::vector(dim)` when it is first used), else `real[]`, ranked exactly.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    ALTER TABLE "chunk_embeddings" ADD COLUMN "embedding" vector NOT NULL;
  ELSE
    ALTER TABLE "chunk_embeddings" ADD COLUMN "embedding" real[] NOT NULL;
  END IF;
END
$$;
