import { getEnv } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { refreshLocal, revokeRefreshToken, signInLocal, signUpLocal } from './local-issuer';
import { refreshSupabase, signInSupabase, signUpSupabase } from './supabase-auth';

/** Sign-in goes to Supabase Auth when SUPABASE_URL is set, else to the app's own issuer. */
export function authProvider(db: Db) {
  if (getEnv().SUPABASE_URL) {
    return {
      kind: 'supabase' as const,
      signUp: signUpSupabase,
      signIn: signInSupabase,
      refresh: refreshSupabase,
      signOut: async (_refreshToken: string) => {},
    };
  }
  return {
    kind: 'local' as const,
    signUp: (input: { email: string; password: string }) => signUpLocal(db, input),
    signIn: (input: { email: string; password: string }) => signInLocal(db, input),
    refresh: (token: string) => refreshLocal(db, token),
    signOut: (token: string) => revokeRefreshToken(db, token),
  };
}
