-- Hand-written (issue 16, no schema change): the page a search result's snippet comes from. A document's pages are
-- read in order and the first one holding a word of the question is answered (else its first page), so a word on
-- page 2 costs two pages of regular-expression matching, not fifty. As one statement (`ORDER BY page LIMIT 1` with
-- the pattern as a filter) the planner may read every page and sort them — it does on a small table — and then
-- matches all of them; the loop below always stops at the first match. `patterns`: case-insensitive regular
-- expressions (the words with `\s*` between their characters: extracted text breaks lines inside words).
CREATE OR REPLACE FUNCTION "wenku_snippet_page"("doc_hash" text, "patterns" text[], "max_page" integer) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  r record;
BEGIN
  IF cardinality("patterns") > 0 THEN
    FOR r IN SELECT t."text" FROM "document_texts" t WHERE t."hash" = "doc_hash" AND t."page" <= "max_page" ORDER BY t."page" LOOP
      IF r."text" ~* ANY("patterns") THEN
        RETURN r."text";
      END IF;
    END LOOP;
  END IF;
  RETURN (SELECT t."text" FROM "document_texts" t WHERE t."hash" = "doc_hash" ORDER BY t."page" LIMIT 1);
END
$$;
