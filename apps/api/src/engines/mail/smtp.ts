import net from 'node:net';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { STRICT_OUTBOUND } from '../http';
import { OutboundError, type Outbound } from '../outbound';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What the mail module needs from a transport. */
export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
}

/** The `email` config section's connection fields. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** port 465: TLS from the first byte; any other port: STARTTLS is required */
  isTls: boolean;
  username: string;
  password: string;
  fromName: string;
}

/**
 * nodemailer options for a settings row. With TLS off the connection stays plain (no opportunistic STARTTLS),
 * which is what an administrator who switched TLS off on a relay inside the network expects.
 */
export function smtpOptions(s: SmtpSettings) {
  const implicitTls = s.isTls && s.port === 465;
  return {
    host: s.host,
    port: s.port,
    secure: implicitTls,
    requireTLS: s.isTls && !implicitTls,
    ignoreTLS: !s.isTls,
    auth: s.username ? { user: s.username, pass: s.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

/** `"Name" <address>`: the sender is the SMTP account (most servers refuse any other) when it is an address. */
export function fromAddress(s: SmtpSettings, fallbackName: string): { name: string; address: string } {
  const address = s.username.includes('@') ? s.username : `noreply@${s.host}`;
  return { name: s.fromName || fallbackName, address };
}

/**
 * A mailer for the settings. The SMTP host is typed in the settings, so it goes through the outbound client's gate:
 * resolved here, every answer judged (loopback and private addresses refused unless OUTBOUND_ALLOW_HOSTS names the
 * host), and nodemailer connects to exactly the address that was judged, with the host name kept for TLS.
 */
export function createSmtpMailer(s: SmtpSettings, fallbackName: string, outbound: Outbound = STRICT_OUTBOUND): Mailer {
  const from = fromAddress(s, fallbackName);
  return {
    async send(m) {
      const target = await outbound.pickAddress(s.host, s.port);
      const options = smtpOptions(s);
      const connectTo: SMTPTransport.Options = {
        ...options,
        host: target.address,
        // certificate checks and SNI against the name the administrator typed, not the address
        ...(net.isIP(s.host) ? {} : { servername: s.host, tls: { servername: s.host } }),
      };
      const transport = nodemailer.createTransport(connectTo);
      try {
        const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
        return { messageId: String(info.messageId ?? '') };
      } finally {
        transport.close();
      }
    },
  };
}

/**
 * Why a mail was not sent, in a short sentence: the SMTP reply code and what it usually means, or the outbound
 * client's refusal. Never the server's own words: the host may not be a mail server at all.
 */
export function smtpFailure(e: unknown): string {
  if (e instanceof OutboundError) return e.message;
  const err = e as { code?: string; responseCode?: number; command?: string };
  const code = err.responseCode ? `（SMTP ${err.responseCode}）` : '';
  switch (err.code) {
    case 'EAUTH':
      return `SMTP 服务器拒绝登录，请检查用户名和密码${code}`;
    case 'EENVELOPE':
      return `SMTP 服务器拒绝了发件人或收件人${code}`;
    case 'ETIMEDOUT':
      return '连接 SMTP 服务器超时';
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'EDNS':
      return `无法连接 SMTP 服务器${code}`;
    case 'ETLS':
      return `与 SMTP 服务器建立加密连接失败${code}`;
    case 'EPROTOCOL':
      return `对方不是可用的 SMTP 服务器${code}`;
    default:
      return `SMTP 服务器拒绝发送${code}`;
  }
}
