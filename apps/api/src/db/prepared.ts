import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const dialect = new PgDialect();

/** Runs one read statement and returns its rows. */
export type RunPrepared = <T extends Record<string, unknown>>(query: SQL) => Promise<T[]>;

/**
 * Statements on the hottest read paths, run as named prepared statements on a PostgreSQL server: each pooled
 * connection parses and plans the text once and then only binds values, where an unnamed statement is parsed and
 * planned on every call (for the search statement, planning was most of its server time). The name is the text's
 * hash, so one text is one statement per connection.
 *
 * Only for statements whose texts are few (a statement stays in its connection until the connection closes):
 * variable lists go in as one array parameter (`= ANY(...)`), never as one parameter per element.
 *
 * The embedded PGlite is one database session shared by every pooled connection, where a second connection
 * preparing the same name would fail: there the statement runs unnamed, as before.
 */
export function preparedRunner(database: Pick<Database, 'db' | 'pool' | 'kind'>): RunPrepared {
  if (database.kind !== 'postgres') return async <T extends Record<string, unknown>>(query: SQL) => (await database.db.execute(query)).rows as T[];
  const names = new Map<string, string>();
  return async <T extends Record<string, unknown>>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let name = names.get(text);
    if (!name) {
      name = `wk_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      if (names.size < 1000) names.set(text, name);
    }
    return (await database.pool.query<T>({ name, text, values: params })).rows;
  };
}
