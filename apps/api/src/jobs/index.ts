import type PgBoss from 'pg-boss';
import { JOBS } from '../lib/queue';
import type { Services } from '../services';

/** Registers the job handlers and recurring schedules this process works on. */
export async function registerJobs(boss: PgBoss, services: Services, log: (msg: string, extra?: unknown) => void): Promise<void> {
  await boss.createQueue(JOBS.purgeRevokedTokens);
  // every hour, at minute 7
  await boss.schedule(JOBS.purgeRevokedTokens, '7 * * * *', {}, { tz: 'Asia/Shanghai' });
  await boss.work(JOBS.purgeRevokedTokens, async () => {
    const n = await services.users.purgeExpiredRevocations();
    log('purged expired revoked tokens', { count: n });
    return { purged: n };
  });
}
