-- Extensions every later migration may rely on. pg_trgm is required (PGlite loads it; PostgreSQL needs postgresql-contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- pgvector only where the server has it (PGlite with pglite-pgvector, or a PostgreSQL with pgvector installed).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
  END IF;
END
$$;
