import { z } from 'zod';
import { parseTrustedProxies } from './trusted-proxies';

/**
 * Every setting the app reads, validated once. Nothing is required for the embedded default:
 * PGlite in DATA_DIR, local file storage, the app as its own token issuer.
 */
const optionalUrl = z.url().optional();
const optionalString = z.string().min(1).optional();
const positiveInt = z.coerce.number().int().positive();

/** An http(s) origin: scheme, host and optional port, nothing else (no path, query or credentials). */
function toOrigin(value: string, ctx: z.RefinementCtx): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not a URL (expected e.g. https://app.example.com)` });
    return z.NEVER;
  }
  if (
    !/^https?:$/.test(u.protocol) ||
    u.username ||
    u.password ||
    (u.pathname !== '/' && u.pathname !== '') ||
    u.search ||
    u.hash
  ) {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" must be an origin: http(s)://host[:port] with no path, query or credentials`,
    });
    return z.NEVER;
  }
  return u.origin;
}
const originList = z
  .string()
  .transform((v, ctx) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((o) => toOrigin(o, ctx)),
  )
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // Named prepared statements (the import's repeated statements use them, see lib/db/prepared.ts).
  // auto: on, except for a URL on port 6543 (Supabase's transaction-mode pooler, which has none).
  DATABASE_PREPARED_STATEMENTS: z.enum(['auto', 'on', 'off']).default('auto'),
  DATA_DIR: z.string().min(1).default('.data'),
  // Embedded PGlite's page cache (Postgres's shared_buffers), resident from start; see lib/db/seed.ts.
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'must be a size such as 32MB')
    .default('32MB'),
  PUBLIC_APP_URL: optionalUrl,
  // More origins whose pages may send cookie-authenticated writes (comma-separated), beside PUBLIC_APP_URL.
  ALLOWED_ORIGINS: originList,
  // Proxies in front of the app (addresses or CIDRs, comma-separated) whose X-Forwarded-For is believed
  // for per-IP rate limits; any other peer is rate-limited by its own address.
  TRUSTED_PROXIES: z
    .string()
    .default('127.0.0.1,::1')
    .refine((v) => {
      try {
        parseTrustedProxies(v);
        return true;
      } catch {
        return false;
      }
    }, 'must be IP addresses or CIDR ranges, comma-separated (e.g. 10.0.0.0/8,::1)'),
  SUPABASE_URL: optionalUrl,
  SUPABASE_ANON_KEY: optionalString,
  SUPABASE_SERVICE_ROLE_KEY: optionalString,
  SUPABASE_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_HOST: optionalString,
  SMTP_PORT: positiveInt.max(65535).default(587),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: optionalString,
  RESEND_API_KEY: optionalString,
  INBOUND_EMAIL_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // The mailbox whose mail reaches the inbound webhook: request mails reply to <local>+<request id>@<domain>.
  INBOUND_EMAIL_ADDRESS: z.email().optional(),
  // What one supplier request takes in total through its link and replies (files, bytes).
  SUPPLIER_LINK_MAX_FILES: positiveInt.default(50),
  SUPPLIER_LINK_MAX_BYTES: positiveInt.default(200 * 1024 * 1024),
  // A supplier request's mail whose sender died is sent again (same Message-ID) after this long.
  SUPPLIER_SEND_LEASE_SECONDS: z.coerce.number().positive().max(3600).default(120),
  // Failed webhook delivery attempts in a row after which an endpoint is disabled and the admins are mailed.
  WEBHOOK_DISABLE_AFTER_FAILURES: positiveInt.default(25),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  SUPPORT_EMAIL: z.email().default('support@compliance.local'),
  // Requests per minute; AI and file parsing have their own, lower budgets.
  RATE_LIMIT_DEFAULT: positiveInt.default(600),
  RATE_LIMIT_AI: positiveInt.default(20),
  RATE_LIMIT_PARSE: positiveInt.default(60),
  RATE_LIMIT_IP: positiveInt.default(1200),
  // Run the pg-boss worker inside the app process (the embedded default).
  JOBS_IN_PROCESS: z.enum(['true', 'false']).default('true'),
  // A running job whose heartbeat is older than this is taken back from its (dead) worker and queued
  // again; heartbeats and the recovery check run every quarter of it, so a run is re-queued well within
  // a minute of its worker's death. Fractions are allowed (tests use a second or two).
  JOB_STALE_AFTER_SECONDS: z.coerce.number().positive().max(3600).default(40),
  // Changing the workspace's economic-operator role re-evaluates the SKUs that follow it: up to this many
  // inside the request (200), more as a job (202) that re-evaluates this many per transaction.
  OPERATOR_ROLE_SYNC_LIMIT: z.coerce.number().int().min(0).default(200),
  OPERATOR_ROLE_CHUNK: positiveInt.default(100),
  // How far the JS heap may grow past its live size before V8 collects, in percent (80 = 1.8×); 0 leaves
  // V8's own choice (up to 4×). See lib/runtime/heap-growth.ts.
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(1000).default(60),
  // Tests only: lets the from-URL preview reach loopback servers. Off by default.
  ALLOW_LOOPBACK_FETCH: z.enum(['true', 'false']).default('false'),
  GIT_SHA: optionalString,
  APP_VERSION: optionalString,
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; empty strings count as unset so a blank line in .env is harmless. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) if (v !== undefined && v !== '') cleaned[k] = v;
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`);
  }
  const env = result.data;
  if (env.SUPABASE_URL && !env.SUPABASE_ANON_KEY) {
    throw new ConfigError('Invalid configuration:\n  SUPABASE_ANON_KEY: required when SUPABASE_URL is set');
  }
  return env;
}

export function getEnv(): Env {
  if (!cached) cached = parseEnv(process.env);
  return cached;
}

/** Tests change process.env between cases; this forgets the parsed copy. */
export function resetEnvCache() {
  cached = undefined;
}

export const isProduction = () => getEnv().NODE_ENV === 'production';

/** Where `npm run dev` and `npm start` listen; the public address when PUBLIC_APP_URL is unset. */
export const DEFAULT_APP_ORIGINS = ['http://127.0.0.1:3100', 'http://localhost:3100'];

/**
 * The origins whose pages may make cookie-authenticated writes: PUBLIC_APP_URL (or, unset, the
 * default local address) plus ALLOWED_ORIGINS. Configuration only; never the request's Host or
 * X-Forwarded-Host, which a client chooses.
 */
export function allowedOrigins(env: Env = getEnv()): Set<string> {
  const base = env.PUBLIC_APP_URL ? [new URL(env.PUBLIC_APP_URL).origin] : DEFAULT_APP_ORIGINS;
  return new Set([...base, ...(env.ALLOWED_ORIGINS ?? [])]);
}
