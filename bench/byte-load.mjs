// A load client for answers of kilobytes, used by bench/api-bench.mjs next to autocannon.
// CLI: node bench/byte-load.mjs <url> [connections=50] [seconds=10]
import net from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A second load client, for answers of kilobytes. autocannon 8 appends every body to a string (`req.body += data` in
 * its pipelinedRequestsQueue), which for 15 KB of gzip caps it at about 3 700 answers a second whatever the server
 * does. This one keeps `connections` keep-alive sockets, writes the same prepared GET on each as soon as the last
 * answer is in, reads only the status line and Content-Length and counts the body's bytes without looking at them.
 * It is as light for a 71-byte answer as for a 15 KB one, so its ratio between the two routes is the servers'. Both
 * servers here answer with Content-Length; a chunked answer is refused rather than miscounted.
 */
export async function byteLoad(url, { connections = 50, seconds = 10, warmupSeconds = 2 } = {}) {
  const u = new URL(url);
  const request = Buffer.from(`GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\n\r\n`);
  const run = (ms) => {
    const latencies = [];
    let bytes = 0;
    let failures = 0;
    const until = Date.now() + ms;
    const one = () =>
      new Promise((resolve, reject) => {
        const socket = net.connect(Number(u.port), u.hostname);
        socket.setNoDelay(true);
        let head = Buffer.alloc(0);
        let remaining = -1; // body bytes still to come; -1 while reading the head
        let sentAt = 0;
        const send = () => {
          sentAt = performance.now();
          socket.write(request);
        };
        socket.on('connect', send);
        socket.on('error', reject);
        socket.on('close', () => resolve());
        socket.on('data', (chunk) => {
          let off = 0;
          while (off < chunk.length) {
            if (remaining < 0) {
              head = Buffer.concat([head, chunk.subarray(off)]);
              const end = head.indexOf('\r\n\r\n');
              if (end < 0) return;
              const text = head.subarray(0, end).toString('latin1');
              const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
              if (!length) return socket.destroy(new Error(`no Content-Length from ${url}`));
              if (!text.startsWith('HTTP/1.1 200')) failures++;
              remaining = Number(length[1]);
              off = chunk.length - (head.length - end - 4);
              head = Buffer.alloc(0);
            }
            const take = Math.min(remaining, chunk.length - off);
            remaining -= take;
            bytes += take;
            off += take;
            if (remaining === 0) {
              remaining = -1;
              latencies.push(performance.now() - sentAt);
              if (Date.now() < until) send();
              else return socket.end();
            }
          }
        });
      });
    const t0 = performance.now();
    return Promise.all(Array.from({ length: connections }, one)).then(() => ({ latencies, bytes, failures, elapsed: (performance.now() - t0) / 1000 }));
  };
  if (warmupSeconds > 0) await run(warmupSeconds * 1000);
  const { latencies, bytes, failures, elapsed } = await run(seconds * 1000);
  latencies.sort((a, b) => a - b);
  const at = (q) => Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1));
  return {
    requests_per_sec: Math.round(latencies.length / elapsed),
    mb_per_sec: Number((bytes / elapsed / 1e6).toFixed(1)),
    latency_ms: { p50: at(0.5), p99: at(0.99) },
    failures,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [url, connections = '50', seconds = '10'] = process.argv.slice(2);
  if (!url) throw new Error('usage: node bench/byte-load.mjs <url> [connections] [seconds]');
  console.log(JSON.stringify(await byteLoad(url, { connections: Number(connections), seconds: Number(seconds) })));
}
