ALTER TABLE "dynamics" ADD COLUMN "target_type" smallint;--> statement-breakpoint
ALTER TABLE "dynamics" ADD COLUMN "target_id" integer;--> statement-breakpoint
-- Hand-written (issue 25, finding 14): the public activity feed leaves out entries about a document or article the
-- viewer may not see. Entries written before name their item only in their text, "<verb>了文档《<title>》" (6 characters
-- before the title, 1 after): find it by its title. First the item the author's own rows point at (their upload or
-- deletion, their comment, their favourite), newest first.
UPDATE "dynamics" y SET "target_type" = 0, "target_id" = m."doc" FROM (
  SELECT e."id", (
    SELECT d."id" FROM "documents" d
    WHERE d."title" = substr(e."content", 7, length(e."content") - 7)
      AND ((e."type" IN (3, 14) AND d."user_id" = e."user_id")
        OR (e."type" = 1 AND EXISTS (SELECT 1 FROM "comments" c WHERE c."user_id" = e."user_id" AND c."type" = 0 AND c."document_id" = d."id"))
        OR (e."type" = 2 AND EXISTS (SELECT 1 FROM "favorites" f WHERE f."user_id" = e."user_id" AND f."type" = 0 AND f."document_id" = d."id")))
    ORDER BY d."id" DESC LIMIT 1) AS "doc"
  FROM "dynamics" e
  WHERE e."target_id" IS NULL AND e."type" IN (1, 2, 3, 14) AND e."content" LIKE '__了文档《%》'
) m WHERE y."id" = m."id" AND m."doc" IS NOT NULL;--> statement-breakpoint
UPDATE "dynamics" y SET "target_type" = 1, "target_id" = m."article" FROM (
  SELECT e."id", (
    SELECT a."id" FROM "articles" a
    WHERE a."title" = substr(e."content", 7, length(e."content") - 7)
      AND EXISTS (SELECT 1 FROM "comments" c WHERE c."user_id" = e."user_id" AND c."type" = 1 AND c."document_id" = a."id")
    ORDER BY a."id" DESC LIMIT 1) AS "article"
  FROM "dynamics" e
  WHERE e."target_id" IS NULL AND e."type" = 1 AND e."content" LIKE '评论了文章《%》'
) m WHERE y."id" = m."id" AND m."article" IS NOT NULL;--> statement-breakpoint
-- Then any item of that title, a visible one first (a title a visible item bears is no secret); none at all (purged):
-- id 0, an item nobody sees.
UPDATE "dynamics" e SET "target_type" = 0, "target_id" = COALESCE((
  SELECT d."id" FROM "documents" d WHERE d."title" = substr(e."content", 7, length(e."content") - 7)
  ORDER BY (d."deleted_at" IS NULL AND d."status" NOT IN (4, 6, 7)) DESC, d."id" LIMIT 1), 0)
WHERE e."target_id" IS NULL AND e."type" IN (1, 2, 3, 4, 14) AND e."content" LIKE '__了文档《%》';--> statement-breakpoint
UPDATE "dynamics" e SET "target_type" = 1, "target_id" = COALESCE((
  SELECT a."id" FROM "articles" a WHERE a."title" = substr(e."content", 7, length(e."content") - 7)
  ORDER BY (a."deleted_at" IS NULL AND a."status" = 1 AND NOT a."is_draft") DESC, a."id" LIMIT 1), 0)
WHERE e."target_id" IS NULL AND e."type" = 1 AND e."content" LIKE '评论了文章《%》';
