import { getEnv } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { refreshLocal, revokeRefreshToken, signInLocal, signUpLocal } from './local-issuer';

type Credentials = { email: string; password: string };
// Loaded only in Supabase mode: supabase-js is heavy and warns on Node 20 at import.
const supabase = () => import('./supabase-auth');

/** Sign-in goes to Supabase Auth when SUPABASE_URL is set, else to the app's own issuer. */
export function authProvider(db: Db) {
  if (getEnv().SUPABASE_URL) {
    return {
      kind: 'supabase' as const,
      signUp: async (input: Credentials) => (await supabase()).signUpSupabase(input),
      signIn: async (input: Credentials) => (await supabase()).signInSupabase(input),
      refresh: async (token: string) => (await supabase()).refreshSupabase(token),
      signOut: async (_refreshToken: string) => {},
    };
  }
  return {
    kind: 'local' as const,
    signUp: (input: Credentials) => signUpLocal(db, input),
    signIn: (input: Credentials) => signInLocal(db, input),
    refresh: (token: string) => refreshLocal(db, { refreshToken: token }),
    signOut: (token: string) => revokeRefreshToken(db, { refreshToken: token }),
  };
}
