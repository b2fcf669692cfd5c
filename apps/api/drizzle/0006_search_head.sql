ALTER TABLE "document_search" ADD COLUMN "head" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "document_search" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "document_search_head_idx" ON "document_search" USING gin ("head");--> statement-breakpoint
-- existing index rows: the head is the title/keywords/description part of the weighted vector (weights A-C), the
-- popularity the current download count; the next index of a document recomputes both from its fields
UPDATE "document_search" s SET "head" = ts_filter(s."tsv", '{a,b,c}'), "popularity" = d."download_count" FROM "documents" d WHERE d."id" = s."document_id";
