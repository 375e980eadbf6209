import { z } from 'zod';

/**
 * Every setting the app reads, validated once. Nothing is required for the embedded default:
 * PGlite in DATA_DIR, local file storage, the app as its own token issuer.
 */
const optionalUrl = z.url().optional();
const optionalString = z.string().min(1).optional();
const positiveInt = z.coerce.number().int().positive();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  PUBLIC_APP_URL: optionalUrl,
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
