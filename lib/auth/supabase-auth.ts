import { createServerClient } from '@supabase/ssr';
import WebSocket from 'ws';
import { getEnv } from '@/lib/config/env';
import { AppError } from '@/lib/errors';
import type { SessionUser } from './context';

/**
 * Sign-in through Supabase Auth (SUPABASE_URL set). @supabase/ssr keeps its own cookies in memory for
 * this request; the app then sets sb-access-token / sb-refresh-token from the returned session.
 */
function client() {
  const env = getEnv();
  return createServerClient(env.SUPABASE_URL!, env.SUPABASE_ANON_KEY!, {
    cookies: { getAll: () => [], setAll: () => {} },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket outside Next; realtime is unused but must construct.
    realtime: { transport: WebSocket as any },
  });
}

interface SupabaseSession {
  access_token: string;
  refresh_token: string;
  expires_at?: number;
  user: { id: string; email?: string; app_metadata?: Record<string, unknown> };
}

function toIssued(s: SupabaseSession | null, failure: string) {
  if (!s) throw new AppError('INVALID_CREDENTIALS', failure);
  const user: SessionUser = { id: s.user.id, email: s.user.email ?? '', isStaff: s.user.app_metadata?.staff === true };
  return {
    user,
    accessToken: s.access_token,
    refreshToken: s.refresh_token,
    expiresAt: new Date((s.expires_at ?? Math.floor(Date.now() / 1000) + 3600) * 1000),
  };
}

export async function signInSupabase(input: { email: string; password: string }) {
  const { data, error } = await client().auth.signInWithPassword(input);
  if (error) throw new AppError('INVALID_CREDENTIALS', 'The email or password is wrong.');
  return toIssued(data.session as SupabaseSession | null, 'The email or password is wrong.');
}

export async function signUpSupabase(input: { email: string; password: string }) {
  const { data, error } = await client().auth.signUp(input);
  if (error) {
    if (/already|registered|exists/i.test(error.message))
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists; sign in instead.');
    throw new AppError('VALIDATION_FAILED', error.message);
  }
  // With e-mail confirmation on, Supabase returns no session until the address is confirmed.
  return toIssued(data.session as SupabaseSession | null, 'Check your inbox to confirm the address, then sign in.');
}

export async function refreshSupabase(refreshToken: string) {
  const { data, error } = await client().auth.refreshSession({ refresh_token: refreshToken });
  if (error || !data.session) throw new AppError('INVALID_TOKEN', 'The refresh token is not valid; sign in again.');
  return toIssued(data.session as SupabaseSession, 'The refresh token is not valid; sign in again.');
}
