import { z } from '../contract/zod';
import { decodeKey } from './secrets/keyring';
import { DEFAULT_POOL_SIZE } from './db/client';

const bool01 = z.enum(['0', '1']).transform((v) => v === '1');
const encryptionKey = z
  .string()
  .refine((v) => decodeKey(v) !== null, '32 random bytes as base64 or hex (openssl rand -base64 32)')
  .optional();

/** Every setting the server reads from the environment, validated once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().url()))
    .default([]),
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(DEFAULT_POOL_SIZE),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  DATABASE_PARALLEL_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  STATS_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  DEMO_DATA: bool01.default(true),
  /** `0`: this instance serves requests only; the instances with `1` run the schedules and the queued runs. */
  RUN_JOBS: bool01.default(true),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  /** Seals secrets at rest (ADR 030); unset = a key generated once and kept in the database. */
  ENCRYPTION_KEY: encryptionKey,
  /** The key before a rotation: opens what it sealed, seals nothing. */
  ENCRYPTION_KEY_PREVIOUS: encryptionKey,
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  /** How long a read request may use a session as this instance read it last (ADR 064); `0` = read every time. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(5_000).default(1_000),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 30)
    .default(12),
  TRUST_PROXY: bool01.default(false),
  PUBLIC_URL: z
    .string()
    .url()
    .refine((u) => /^https?:$/.test(new URL(u).protocol), 'must be an http or https address')
    .transform((u) => new URL(u).origin)
    .optional(),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  BUSINESS_TIMEZONE: z.string().default('America/Chicago'),
  SMTP_URL: z.string().url().optional(),
  /**
   * A notification run (alert checks, digests) still running this long after it started is taken as lost, its
   * instance killed, and run again by another (ADR 060): well above a normal run's seconds, short enough that the
   * e-mails of a killed run go out within about two minutes.
   */
  NOTIFICATION_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(3_600).default(60),
  /** The wait before a failed or lost notification run is tried again, doubled at each try (ADR 060). */
  NOTIFICATION_RETRY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  MAIL_FROM: z.string().default('Back Office <no-reply@example.com>'),
  MAP_TILE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Audit entries older than this are deleted every night (ADR 030). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(400),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  REQUIRE_MFA_FOR_ADMINS: bool01.default(false),
  /** /metrics on the main port, for a scraper sending it as a bearer token (ADR 029). */
  METRICS_TOKEN: z.string().min(32).optional(),
  /** /metrics on a listener of its own on HOST, without a token (ADR 029). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

export type Config = z.infer<typeof envSchema>;

/** Where staff reach the app, for links in e-mails: PUBLIC_URL, else the address the server listens on. */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

/**
 * How often pg-boss looks for lost runs: a quarter of the notification jobs' expiry, at least every 15 s, so that a
 * run killed with its instance is tried again soon after its expiry (ADR 060).
 */
export const expiredRunsCheckSeconds = (config: Pick<Config, 'NOTIFICATION_JOB_EXPIRE_SECONDS'>) =>
  Math.max(1, Math.min(15, Math.floor(config.NOTIFICATION_JOB_EXPIRE_SECONDS / 4)));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most tools.
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Behind a proxy the address staff use is the proxy's: links in e-mails are built from PUBLIC_URL, never from a
  // request's Host header, which anyone can set.
  if (parsed.data.TRUST_PROXY && !parsed.data.PUBLIC_URL)
    throw new Error('Invalid configuration:\n  PUBLIC_URL: required with TRUST_PROXY=1 (the address staff open)');
  if (parsed.data.METRICS_PORT !== undefined && parsed.data.METRICS_PORT === parsed.data.PORT)
    throw new Error('Invalid configuration:\n  METRICS_PORT: must differ from PORT');
  if (!parsed.data.RUN_JOBS && !parsed.data.DATABASE_URL)
    throw new Error(
      'Invalid configuration:\n  RUN_JOBS: 0 needs DATABASE_URL (the embedded database has one instance, which runs its jobs)',
    );
  if (parsed.data.DATABASE_REPLICA_URLS.length && !parsed.data.DATABASE_URL)
    throw new Error('Invalid configuration:\n  DATABASE_REPLICA_URLS: replicas need DATABASE_URL, their primary');
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: parsed.data.BUSINESS_TIMEZONE });
  } catch {
    throw new Error(
      `Invalid configuration:\n  BUSINESS_TIMEZONE: unknown time zone "${parsed.data.BUSINESS_TIMEZONE}"`,
    );
  }
  return parsed.data;
}

/**
 * A config for tests: production-like, quiet, no demo data. Stats answers are not kept: tests write rows beside
 * the app and read the charts at once (the keeping has tests of its own).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // Tests change accounts and sessions behind the app's back, as another instance would: each request reads them.
    ...loadConfig({
      NODE_ENV: 'test',
      DEMO_DATA: '0',
      LOG_LEVEL: 'silent',
      STATS_CACHE_SECONDS: '0',
      SESSION_CACHE_MS: '0',
    }),
    ...overrides,
  };
}
