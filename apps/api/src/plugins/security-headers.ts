import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** helmet's options: every value is fixed, so its headers are the same on every response */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  // the pages' policy is set per response (nonce); JSON and files need none but the sandbox below
  contentSecurityPolicy: false,
  // page images and covers are embedded by the admin and by other sites of the operator's
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  // the OAuth windows and payment pages are other origins that must be able to come back
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // HTTPS is the reverse proxy's business (docs/security.md); a plain-HTTP install must keep working
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with these options, asked of helmet once. Running its middleware chain on every request
 * (what @fastify/helmet does: a dozen functions and header writes) cost several percent of a cached route.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, res, (err?: unknown) => void (failed = err));
  if (failed) throw failed;
  return headers;
}

/**
 * Browser security headers. Every response gets helmet's set (nosniff, Referrer-Policy, no X-Powered-By,
 * X-Frame-Options, …). The pages (the built site and the admin: index.html, served by our own handlers) get a
 * Content-Security-Policy with a fresh nonce on every script tag and 'strict-dynamic', so the app's own chunks and
 * the statistics snippet an administrator configures (it runs from the nonced page, or is added by the app) work,
 * while injected markup cannot run script. The admin cannot be framed at all; files users made (page SVGs,
 * uploaded images) are served with a sandbox policy so opening one directly runs nothing.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const headers = helmetHeaders();
    const names = Object.keys(headers);
    app.addHook('onRequest', (_req, reply, done) => {
      for (const name of names) reply.raw.setHeader(name, headers[name]);
      done();
    });
  },
  { name: 'security-headers' },
);

/** The CSP of files users made: nothing in them may run or load anything. */
export const SANDBOX_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

const NONCE_SLOT = 'nonce="__WENKU_NONCE__"';

/**
 * Marks every script tag of *trusted* HTML (the built index.html, the administrator's statistics snippet) for the
 * per-response nonce. User content is escaped before it reaches a page, so it can never carry the mark.
 */
export function markScripts(html: string): string {
  return html.replace(/<script\b(?![^>]*\bnonce=)/gi, `<script ${NONCE_SLOT}`);
}

/** The policy of the site's and the admin's pages. `extra`: outside origins the administrator allows (statistics). */
export function pageCsp(nonce: string, opts: { admin: boolean; extra?: string }): string {
  const extra = (opts.extra ?? '')
    .split(/[\s,]+/)
    .filter((s) => /^https?:\/\/[\w.-]+(:\d+)?(\/[\w./-]*)?$|^https?:$/.test(s))
    .join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${extra ? ` ${extra}` : ''}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra ? ` ${extra}` : ''}`,
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    opts.admin ? "frame-ancestors 'none'" : "frame-ancestors 'self'",
  ].join('; ');
}

/** Sends a page (index.html of the site or the admin) with its nonce and policy. */
export function sendPage(reply: FastifyReply, html: string, opts: { admin: boolean; extra?: string; status?: number }) {
  const nonce = crypto.randomBytes(16).toString('base64');
  reply.header('Content-Security-Policy', pageCsp(nonce, opts)).header('Cache-Control', 'no-cache');
  if (opts.admin) reply.header('X-Frame-Options', 'DENY');
  return reply
    .status(opts.status ?? 200)
    .type('text/html; charset=utf-8')
    .send(html.split(NONCE_SLOT).join(`nonce="${nonce}"`));
}
