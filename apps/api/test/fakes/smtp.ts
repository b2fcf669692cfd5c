import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface FakeSmtp {
  port: number;
  messages: ParsedMail[];
  /** resolves with the first message (received from index `from` on, or arriving within the time) that matches */
  waitFor(match: (m: ParsedMail) => boolean, opts?: { from?: number; timeoutMs?: number }): Promise<ParsedMail>;
  close(): Promise<void>;
}

/**
 * An SMTP server in the test process: AUTH (PLAIN/LOGIN) is required and checked, STARTTLS is not offered,
 * every accepted message is parsed with mailparser and kept.
 */
export async function startFakeSmtp(account: { username: string; password: string }): Promise<FakeSmtp> {
  const messages: ParsedMail[] = [];
  const waiters: { match: (m: ParsedMail) => boolean; resolve: (m: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    logger: false,
    secure: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, cb) {
      if (auth.username === account.username && auth.password === account.password) return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, _session, cb) {
      simpleParser(stream).then((mail) => {
        messages.push(mail);
        for (const w of [...waiters]) {
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    waitFor(match, { from = 0, timeoutMs = 5000 } = {}) {
      const seen = messages.slice(from).find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const w = {
          match,
          resolve: (m: ParsedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          reject(new Error('no matching mail arrived'));
        }, timeoutMs);
        waiters.push(w);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The plain-text recipients of a parsed message. */
export function recipients(m: ParsedMail): string[] {
  const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
  return to.flatMap((a) => a.value.map((v) => String(v.address).toLowerCase()));
}
