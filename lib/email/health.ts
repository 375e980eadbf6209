import nodemailer from 'nodemailer';
import { getEnv } from '@/lib/config/env';
import { serviceInfo } from '@/lib/health/info';
import { emailProvider, parseFrom } from './config';

const VERIFY_TIMEOUT_MS = 3000;

/** Reports the mail configuration; for SMTP it also tries an SMTP handshake with a short timeout. */
export async function emailHealth() {
  const env = getEnv();
  const provider = emailProvider();
  const from = parseFrom(env.SMTP_FROM);
  let smtpReachable: boolean | null = null;
  let verifyError: string | undefined;
  if (env.SMTP_HOST) {
    const transport = nodemailer.createTransport({
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_PORT === 465,
      auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
      connectionTimeout: VERIFY_TIMEOUT_MS,
      greetingTimeout: VERIFY_TIMEOUT_MS,
      socketTimeout: VERIFY_TIMEOUT_MS,
      tls: { rejectUnauthorized: env.NODE_ENV === 'production' },
    });
    try {
      await transport.verify();
      smtpReachable = true;
    } catch (e) {
      smtpReachable = false;
      // The message names host/port problems; it never contains the password.
      verifyError = (e as Error).message.slice(0, 300);
    } finally {
      transport.close();
    }
  }
  return {
    status: provider === 'none' ? 'degraded' : smtpReachable === false ? 'degraded' : 'ok',
    ...serviceInfo(),
    provider,
    smtp_configured: Boolean(env.SMTP_HOST),
    smtp_reachable: smtpReachable,
    jwt_secret_configured: Boolean(env.SUPABASE_JWT_SECRET),
    public_app_url: env.PUBLIC_APP_URL ?? 'http://127.0.0.1:3100',
    public_app_url_configured: Boolean(env.PUBLIC_APP_URL),
    ...(from.address ? { smtp_from_address: from.address } : {}),
    ...(from.name ? { smtp_from_name: from.name } : {}),
    smtp_from_name_configured: Boolean(from.name),
    verification_links_enabled: Boolean(env.PUBLIC_APP_URL),
    ...(verifyError ? { smtp_verify_error: verifyError } : {}),
  };
}
