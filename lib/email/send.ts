import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { Resend } from 'resend';
import { getEnv } from '@/lib/config/env';
import { emailProvider, parseFrom, type EmailProvider } from './config';

const SEND_TIMEOUT_MS = 15_000;

export interface OutgoingMail {
  to: string;
  cc?: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** Our own Message-ID (with angle brackets), set before sending so replies can be threaded. */
  messageId: string;
  inReplyTo?: string | null;
  references?: string[];
}

export type SendOutcome =
  | { ok: true; provider: Exclude<EmailProvider, 'none'>; messageId: string }
  | { ok: false; provider: EmailProvider; error: string };

/** The From header: SMTP_FROM, or a no-reply address on the app's host. */
export function fromHeader(): string {
  const env = getEnv();
  if (env.SMTP_FROM) return env.SMTP_FROM;
  const host = env.PUBLIC_APP_URL ? new URL(env.PUBLIC_APP_URL).hostname : 'localhost';
  return `Compliance workspace <no-reply@${host}>`;
}

/** A fresh Message-ID on the sender's domain: "<uuid@domain>". */
export function newMessageId(): string {
  const domain =
    parseFrom(fromHeader())
      .address?.split('@')[1]
      ?.replace(/[^A-Za-z0-9.-]/g, '') || 'localhost';
  return `<${crypto.randomUUID()}@${domain}>`;
}

/**
 * Sends one mail through Resend (RESEND_API_KEY) or SMTP (SMTP_*). Never throws: a refusal or a
 * connection problem is an outcome the caller records. Error texts never contain credentials.
 */
export async function sendMail(mail: OutgoingMail): Promise<SendOutcome> {
  const env = getEnv();
  const provider = emailProvider();
  const from = fromHeader();
  const headers: Record<string, string> = {};
  if (mail.inReplyTo) headers['In-Reply-To'] = mail.inReplyTo;
  if (mail.references?.length) headers.References = mail.references.join(' ');
  if (provider === 'resend') {
    try {
      const resend = new Resend(env.RESEND_API_KEY);
      const { error } = await resend.emails.send({
        from,
        to: [mail.to],
        cc: mail.cc?.length ? mail.cc : undefined,
        // Several Reply-To addresses ("a, b"): Resend takes them as a list.
        replyTo: mail.replyTo ? mail.replyTo.split(/,\s*/) : undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { ...headers, 'Message-ID': mail.messageId },
      });
      if (error) return { ok: false, provider, error: `Resend: ${error.message}`.slice(0, 500) };
      return { ok: true, provider, messageId: mail.messageId };
    } catch (e) {
      return { ok: false, provider, error: `Resend: ${(e as Error).message}`.slice(0, 500) };
    }
  }
  if (provider === 'smtp') {
    const transport = nodemailer.createTransport({
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_PORT === 465,
      auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
      tls: { rejectUnauthorized: env.NODE_ENV === 'production' },
    });
    try {
      await transport.sendMail({
        from,
        to: mail.to,
        cc: mail.cc?.length ? mail.cc : undefined,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        inReplyTo: mail.inReplyTo ?? undefined,
        references: mail.references?.length ? mail.references : undefined,
      });
      return { ok: true, provider, messageId: mail.messageId };
    } catch (e) {
      const err = e as Error & { responseCode?: number; response?: string };
      return {
        ok: false,
        provider,
        error: (err.response ? `SMTP ${err.responseCode ?? ''} ${err.response}` : err.message).trim().slice(0, 500),
      };
    } finally {
      transport.close();
    }
  }
  return { ok: false, provider: 'none', error: 'No mail provider is configured.' };
}
