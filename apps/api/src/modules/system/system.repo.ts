import type pg from 'pg';
import type { TStats } from '@wenku/contracts';

/** The counted fields of GET /stats (the rest is the program's own). */
export type StatCounts = Omit<TStats, 'documents_by_status' | 'version' | 'node' | 'os' | 'database' | 'hash' | 'build_at'> & {
  documents_by_status: Record<string, number> | null;
};

type Pool = Pick<pg.Pool, 'query'>;

export interface TrendRow {
  date: string;
  users: number;
  documents: number;
  downloads: number;
  paid_orders: number;
  chat_messages: number;
}

export interface QueueCounts {
  name: string;
  pending: number;
  active: number;
  failed: number;
}

/** The SQL of the dashboard: counts, daily series, database size and queue depth; nothing else. */
export class SystemRepo {
  constructor(private readonly pool: Pool) {}

  /**
   * The public counts of GET /stats, in one statement: every registered user (as moredoc), and only what anyone may
   * read — converted documents not in the recycle bin, approved articles that are neither drafts nor deleted.
   */
  async publicCounts(): Promise<{ user_count: number; document_count: number; article_count: number }> {
    const { rows } = await this.pool.query(`SELECT
      (SELECT count(*) FROM users)::int AS user_count,
      (SELECT count(*) FROM documents WHERE status = 2 AND deleted_at IS NULL)::int AS document_count,
      (SELECT count(*) FROM articles WHERE status = 1 AND NOT is_draft AND deleted_at IS NULL)::int AS article_count`);
    return rows[0] as { user_count: number; document_count: number; article_count: number };
  }

  /** Every count of GET /stats in one statement. */
  async counts(): Promise<StatCounts> {
    const { rows } = await this.pool.query(`SELECT
      (SELECT count(*) FROM users)::int AS user_count,
      (SELECT count(*) FROM documents WHERE deleted_at IS NULL)::int AS document_count,
      (SELECT count(*) FROM categories)::int AS category_count,
      (SELECT count(*) FROM categories WHERE type = 0)::int AS document_category_count,
      (SELECT count(*) FROM categories WHERE type = 1)::int AS article_category_count,
      (SELECT count(*) FROM comments)::int AS comment_count,
      (SELECT count(*) FROM comments WHERE status = 0)::int AS pending_comment_count,
      (SELECT count(*) FROM reports WHERE NOT status)::int AS report_count,
      (SELECT count(*) FROM friendlinks)::int AS friendlink_count,
      (SELECT count(*) FROM navigations)::int AS navigation_count,
      (SELECT count(*) FROM advertisements)::int AS advertisement_count,
      (SELECT count(*) FROM attachments WHERE deleted_at IS NULL)::int AS attachment_count,
      (SELECT count(*) FROM articles)::int AS article_count,
      (SELECT count(*) FROM banners)::int AS banner_count,
      (SELECT count(*) FROM downloads)::int AS download_count,
      (SELECT count(*) FROM orders WHERE status = 2 AND payment_type <> 6)::int AS paid_order_count,
      (SELECT count(*) FROM chat_messages WHERE role = 'user')::int AS chat_message_count,
      (SELECT coalesce(json_object_agg(status, n), '{}') FROM (SELECT status, count(*)::int AS n FROM documents WHERE deleted_at IS NULL GROUP BY status) s) AS documents_by_status`);
    return rows[0] as StatCounts;
  }

  /**
   * One row per calendar day of the last `days` days in `timeZone` (today last), every series counted in the same
   * statement: each table is scanned once from the first day's midnight and grouped by local day, then joined to
   * the generated days so quiet days read 0. System recharges (payment type 6) are not paid orders; AI messages
   * are the users' questions.
   */
  async trend(days: number, timeZone: string): Promise<TrendRow[]> {
    const { rows } = await this.pool.query(
      `WITH bounds AS (
         SELECT (now() AT TIME ZONE $2)::date - ($1::int - 1) AS first_day, (now() AT TIME ZONE $2)::date AS last_day
       ),
       since AS (SELECT (first_day::timestamp AT TIME ZONE $2) AS at FROM bounds),
       days AS (
         SELECT d::date AS day FROM bounds, generate_series(first_day::timestamp, last_day::timestamp, interval '1 day') AS d
       ),
       u AS (SELECT (created_at AT TIME ZONE $2)::date AS day, count(*)::int AS n FROM users WHERE created_at >= (SELECT at FROM since) GROUP BY 1),
       doc AS (SELECT (created_at AT TIME ZONE $2)::date AS day, count(*)::int AS n FROM documents WHERE created_at >= (SELECT at FROM since) GROUP BY 1),
       dl AS (SELECT (created_at AT TIME ZONE $2)::date AS day, count(*)::int AS n FROM downloads WHERE created_at >= (SELECT at FROM since) GROUP BY 1),
       o AS (
         SELECT (paid_at AT TIME ZONE $2)::date AS day, count(*)::int AS n FROM orders
         WHERE status = 2 AND payment_type <> 6 AND paid_at >= (SELECT at FROM since) GROUP BY 1
       ),
       m AS (
         SELECT (created_at AT TIME ZONE $2)::date AS day, count(*)::int AS n FROM chat_messages
         WHERE role = 'user' AND created_at >= (SELECT at FROM since) GROUP BY 1
       )
       SELECT to_char(days.day, 'YYYY-MM-DD') AS date,
         coalesce(u.n, 0) AS users, coalesce(doc.n, 0) AS documents, coalesce(dl.n, 0) AS downloads,
         coalesce(o.n, 0) AS paid_orders, coalesce(m.n, 0) AS chat_messages
       FROM days
       LEFT JOIN u ON u.day = days.day
       LEFT JOIN doc ON doc.day = days.day
       LEFT JOIN dl ON dl.day = days.day
       LEFT JOIN o ON o.day = days.day
       LEFT JOIN m ON m.day = days.day
       ORDER BY days.day`,
      [days, timeZone],
    );
    return rows as TrendRow[];
  }

  async databaseSize(): Promise<number> {
    const { rows } = await this.pool.query<{ size: string }>(`SELECT pg_database_size(current_database())::bigint AS size`);
    return Number(rows[0]?.size ?? 0);
  }

  /**
   * pg-boss jobs per queue: waiting (created, retry), running (active) and failed in the last day. Empty when the
   * queue's tables do not exist (a process that never started the queue, e.g. tests).
   */
  async queueCounts(): Promise<QueueCounts[] | undefined> {
    const { rows: exists } = await this.pool.query<{ ok: boolean }>(`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`);
    if (!exists[0]?.ok) return undefined;
    const { rows } = await this.pool.query(
      `SELECT name,
         count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS pending,
         count(*) FILTER (WHERE state = 'active')::int AS active,
         count(*) FILTER (WHERE state = 'failed' AND completed_on > now() - interval '1 day')::int AS failed
       FROM pgboss.job
       WHERE state IN ('created', 'retry', 'active', 'failed')
       GROUP BY name ORDER BY name`,
    );
    return rows as QueueCounts[];
  }
}
