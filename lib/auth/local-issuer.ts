import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { refreshTokens, users } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { isUniqueViolation } from '@/lib/db/errors';
import type { SessionUser } from './context';
import { hashPassword, verifyPassword } from './passwords';
import { signAccessToken } from './tokens';

/**
 * The app as its own token issuer (no SUPABASE_URL): email + password with scrypt, access tokens of the
 * Supabase shape, and rotating refresh tokens stored only as SHA-256.
 */
const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
// Compared against when the email is unknown, so both paths cost one scrypt.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86);

export interface IssuedSession {
  user: SessionUser;
  accessToken: string;
  expiresAt: Date;
  refreshToken: string;
}

async function issue(db: Db, user: SessionUser): Promise<IssuedSession> {
  const { token, expiresAt } = await signAccessToken(user);
  const refreshToken = crypto.randomBytes(32).toString('base64url');
  await db
    .insert(refreshTokens)
    .values({ userId: user.id, tokenHash: sha256(refreshToken), expiresAt: new Date(Date.now() + REFRESH_TTL_MS) });
  return { user, accessToken: token, expiresAt, refreshToken };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function createLocalUser(
  db: Db,
  input: { email: string; password: string; isStaff?: boolean },
): Promise<SessionUser> {
  const email = normalizeEmail(input.email);
  try {
    const [row] = await db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(input.password), isStaff: input.isStaff ?? false })
      .returning();
    return { id: row.id, email: row.email, isStaff: row.isStaff };
  } catch (e) {
    if (isUniqueViolation(e))
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists; sign in instead.');
    throw e;
  }
}

export async function signUpLocal(db: Db, input: { email: string; password: string }) {
  return issue(db, await createLocalUser(db, input));
}

export async function signInLocal(db: Db, input: { email: string; password: string }) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(input.email)}`)
    .limit(1);
  const ok = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH);
  if (!row || !row.passwordHash || !ok) throw new AppError('INVALID_CREDENTIALS', 'The email or password is wrong.');
  return issue(db, { id: row.id, email: row.email, isStaff: row.isStaff });
}

/** Exchanges a refresh token for a new session; the old refresh token stops working. */
export async function refreshLocal(db: Db, { refreshToken }: { refreshToken: string }) {
  const [rt] = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.tokenHash, sha256(refreshToken)),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!rt) throw new AppError('INVALID_TOKEN', 'The refresh token is not valid; sign in again.');
  const [row] = await db.select().from(users).where(eq(users.id, rt.userId)).limit(1);
  if (!row) throw new AppError('INVALID_TOKEN', 'The account no longer exists.');
  return issue(db, { id: row.id, email: row.email, isStaff: row.isStaff });
}

export async function revokeRefreshToken(db: Db, { refreshToken }: { refreshToken: string }) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
}
