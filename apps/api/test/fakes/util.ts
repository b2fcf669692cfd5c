import net from 'node:net';
import type { TestApp } from '../helpers';
import { Outbound } from '../../src/engines/outbound';

/** Where the fakes listen: what the tests allow as an operator would with OUTBOUND_ALLOW_HOSTS. */
export const LOOPBACK_HOSTS = ['127.0.0.1'];
/** The outbound client for engine tests that talk to a fake on loopback (the default client refuses loopback). */
export const LOOPBACK_OUTBOUND = new Outbound({ allowHosts: LOOPBACK_HOSTS });

type Value = string | number | boolean | string[];

/** Saves config values as the administrator does (PUT /config). */
export async function setConfig(t: TestApp, category: string, values: Record<string, Value>): Promise<void> {
  const config = Object.entries(values).map(([name, value]) => ({ category, name, value }));
  const res = await t.req({ method: 'PUT', url: '/api/v1/config', token: await t.adminToken(), payload: { config } });
  if (res.statusCode !== 200) throw new Error(`config ${category} not saved: ${res.statusCode} ${res.body}`);
}

let n = 0;
/** A distinct client address per call (the API trusts X-Forwarded-For), so per-IP caps don't couple tests. */
export function clientIp(): { 'x-forwarded-for': string } {
  n += 1;
  return { 'x-forwarded-for': `10.${(process.pid >> 8) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

/** Reads a Node http request body whole. */
export async function readBody(req: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** A TCP port free on 127.0.0.1 right now (for a server process a test starts). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
