/**
 * The process environment, parsed once at start (style habit 10): bad values fail fast with
 * their names. process.env is read nowhere else.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public base URL, used in e-mail links and the Origin check. */
  APP_URL: z.url().optional(),
  /** `file:./data/nestmate.db` (SQLite, default) or `postgres://…` (issue 10). */
  DATABASE_URL: z.string().default('file:./data/nestmate.db'),
  /** PostgreSQL connections per process (issue 10). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** A PostgreSQL statement running longer than this is cancelled. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** On SIGTERM, how long requests in flight may take before their connections are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Nestmate <no-reply@nestmate.app>'),
  SECURITY_ALERT_EMAIL: z.email().optional(),
  AGE_GATE_ENABLED: bool.default(true),
  /** Take the client IP from X-Forwarded-For only behind a proxy you control. */
  TRUST_PROXY: bool.default(false),
  SEED_DEMO_USERS: bool.optional(),
  /** Largest JSON body accepted by the API, in bytes. */
  MAX_JSON_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  WEB_DIST: z.string().default('dist/web'),
  /** The built server render of the first screen (N221); by default ssr/entry-server.js beside WEB_DIST. */
  WEB_SSR_ENTRY: z.string().optional(),
  /** Local-disk photo storage (default); ignored when S3_BUCKET is set. */
  MEDIA_DIR: z.string().default('data/media'),
  /** S3-compatible photo storage (issue 3): all five together, or none. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /**
   * Stripe (D24); without it the built-in local payment twin is used outside production, and
   * production takes no payments (D24 addendum, issue 14).
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** WebRTC ICE servers for calls (D21): comma-separated STUN/TURN URLs; none by default on localhost. */
  ICE_SERVERS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    ),
  CALL_RING_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(120).default(30),
  /**
   * Web push (issue 19, VAPID, RFC 8292): all three together. Outside production they are made once
   * into data/ like JWT_SECRET; production without them sends no push (N100).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{80,100}$/, 'a URL-safe base64 P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{40,50}$/, 'a URL-safe base64 P-256 private key')
    .optional(),
  /** A mailto: or https: contact for push services (RFC 8292 §2.1). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'mailto: or https:')
    .optional(),
  /** `web` posts to browsers' push services; `local` records pushes (the offline twin, default outside production). */
  PUSH_DELIVERY: z.enum(['web', 'local']).optional(),
  /** Largest photo upload request, in bytes (the 5 MB rule itself is checked per file). */
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 1024 * 1024),
});

export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

export type Env = z.infer<typeof EnvSchema> & {
  APP_URL: string;
  JWT_SECRET: string;
  /** The VAPID keys in use, or null: push is off (N100). */
  vapid: VapidConfig | null;
  pushDelivery: 'web' | 'local';
};

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${names}`);
  }
  const env = parsed.data;
  const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    throw new Error(
      'Invalid environment: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    );
  }
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new Error('Invalid environment: JWT_SECRET is required in production (at least 32 characters)');
  }
  // Without it Stripe's webhooks cannot be verified: students would pay and never get Gold (issue 14).
  if (env.NODE_ENV === 'production' && env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid environment: STRIPE_WEBHOOK_SECRET is required in production when STRIPE_SECRET_KEY is set',
    );
  }
  const vapidSet = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
  if (vapidSet.some(Boolean) && !vapidSet.every(Boolean)) {
    throw new Error('Invalid environment: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together');
  }
  const production = env.NODE_ENV === 'production';
  const vapid: VapidConfig | null =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
      : production
        ? null
        : developmentVapid(env.DATABASE_URL);
  return {
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    JWT_SECRET: env.JWT_SECRET ?? developmentSecret(env.DATABASE_URL),
    vapid,
    pushDelivery: env.PUSH_DELIVERY ?? (production ? 'web' : 'local'),
  };
}

/** Where development keeps a generated secret: beside the SQLite file, or data/ for PostgreSQL; null in memory. */
function developmentFile(databaseUrl: string, name: string): string | null {
  // Several processes on one PostgreSQL must sign alike: they share ./data (issue 10).
  const shared = /^postgres(ql)?:\/\//.test(databaseUrl);
  if (!shared && (!databaseUrl.startsWith('file:') || databaseUrl === 'file::memory:')) return null;
  return shared ? `data/${name}` : `${dirname(databaseUrl.slice('file:'.length))}/${name}`;
}

function developmentVapid(databaseUrl: string): VapidConfig {
  const subject = 'mailto:dev@nestmate.local';
  const file = developmentFile(databaseUrl, '.vapid-keys.json');
  if (file && existsSync(file)) return { ...(JSON.parse(readFileSync(file, 'utf8')) as VapidConfig), subject };
  const keys = webpush.generateVAPIDKeys();
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return { ...keys, subject };
}

/** Outside production a secret is made once and kept beside the database so sessions survive restarts. */
function developmentSecret(databaseUrl: string): string {
  const file = developmentFile(databaseUrl, '.jwt-secret');
  if (!file) return randomBytes(32).toString('hex');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const isProduction = (env: Pick<Env, 'NODE_ENV'>) => env.NODE_ENV === 'production';

/** A connection URL fit for a log line: the password is replaced by `***`. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  }
}
