import nodemailer from 'nodemailer';

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

export function createSmtpMailer(s: SmtpSettings, fallbackName: string): Mailer {
  const transport = nodemailer.createTransport(smtpOptions(s));
  const from = fromAddress(s, fallbackName);
  return {
    async send(m) {
      try {
        const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
        return { messageId: String(info.messageId ?? '') };
      } finally {
        transport.close();
      }
    },
  };
}
