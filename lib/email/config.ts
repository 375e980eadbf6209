import { getEnv } from '@/lib/config/env';

export type EmailProvider = 'resend' | 'smtp' | 'none';

export function emailProvider(): EmailProvider {
  const env = getEnv();
  if (env.RESEND_API_KEY) return 'resend';
  if (env.SMTP_HOST) return 'smtp';
  return 'none';
}

/** Splits SMTP_FROM ("Name <address>" or "address") into its parts. */
export function parseFrom(from: string | undefined): { address: string | null; name: string | null } {
  if (!from) return { address: null, name: null };
  const m = from.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  if (m) return { name: m[1].trim() || null, address: m[2].trim() };
  return { address: from.trim(), name: null };
}
