import { pgTable, integer, varchar, serial, index, text, customType, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_common';
import { taskColumns } from './_task';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The AI index of the whole library in one table (MaxKB's shape, not one collection per file): each converted
 * document's text cut into chunks that keep their page, with the jieba-segmented `simple` tsvector of the chunk.
 * Vectors live beside them in `chunk_embeddings`, one row per chunk and embedding model.
 */
export const documentChunks = pgTable(
  'document_chunks',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id').notNull(),
    /** 1-based page the chunk starts on */
    page: integer('page').notNull(),
    /** order within the document */
    seq: integer('seq').notNull(),
    content: text('content').notNull(),
    /** size in the embedding model's tokens */
    tokens: integer('tokens').notNull().default(0),
    tsv: tsvector('tsv').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('document_chunks_document_idx').on(t.documentId, t.seq), index('document_chunks_tsv_idx').using('gin', t.tsv)],
);

/**
 * One vector per chunk and embedding model. The `embedding` column is added by the migration: pgvector's `vector`
 * where the extension exists (with a partial HNSW index per model), `real[]` otherwise (ranked exactly).
 */
export const chunkEmbeddings = pgTable(
  'chunk_embeddings',
  {
    chunkId: integer('chunk_id')
      .notNull()
      .references(() => documentChunks.id, { onDelete: 'cascade' }),
    /** the model's key: provider, base URL and model name (a change of any of them is a new model) */
    model: varchar('model', { length: 200 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.model, t.chunkId] }), index('chunk_embeddings_chunk_idx').on(t.chunkId)],
);

/** The embedding models the index knows: the one answers use, the one being built after a change, their dimension. */
export const embeddingModels = pgTable('embedding_models', {
  model: varchar('model', { length: 200 }).primaryKey(),
  /** what the admin sees: the model's name */
  name: varchar('name', { length: 128 }).notNull().default(''),
  dimension: integer('dimension').notNull().default(0),
  /** 'active' (answers use it), 'building' (being embedded after a change), 'retired' (its vectors are going) */
  state: varchar('state', { length: 16 }).notNull().default('building'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A document's indexing task (spec §4: pending 0, processing 1, done 2, failed 3), with a readable error. */
export const embeddingTasks = pgTable(
  'embedding_tasks',
  {
    documentId: integer('document_id').primaryKey(),
    ...taskColumns('createdAt'),
    /** shorter than other tasks' errors (it always was) */
    error: varchar('error', { length: 500 }).notNull().default(''),
    /** the model of its vectors ('' = chunks and keyword index only) */
    model: varchar('model', { length: 200 }).notNull().default(''),
    /** sha-256 of the page texts its chunks were cut from: a re-conversion that changes nothing costs no re-embedding */
    textHash: varchar('text_hash', { length: 64 }).notNull().default(''),
    chunks: integer('chunks').notNull().default(0),
    embedded: integer('embedded').notNull().default(0),
  },
  (t) => [index('embedding_tasks_status_idx').on(t.status, t.updatedAt)],
);
