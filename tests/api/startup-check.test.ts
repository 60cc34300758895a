/** The production start-up self-check and the environment rules that refuse to start (issue 14). */
import { startupCheck } from '../../api/startup-check';
import { loadEnv, redactUrl } from '../../config/env';

const SECRET = 'prod-secret-prod-secret-prod-secret-1234';
const production = (extra: Record<string, string> = {}) =>
  loadEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET, DATABASE_URL: 'file::memory:', ...extra });

describe('startupCheck', () => {
  it('names everything production runs without', () => {
    const lines = startupCheck(production());
    expect(lines.find((l) => l.startsWith('payments OFF'))).toContain('STRIPE_SECRET_KEY');
    expect(lines.find((l) => l.startsWith('mail OUTBOX ONLY'))).toContain('nestmate mail list');
    expect(lines.find((l) => l.startsWith('photos on LOCAL DISK'))).toContain('data/media');
    expect(lines.find((l) => l.startsWith('TRUST_PROXY=false'))).toBeDefined();
    expect(lines.find((l) => l.startsWith('APP_URL is not https'))).toContain('(is APP_URL set?)');
    expect(lines.find((l) => l.startsWith('database is SQLite'))).toBeDefined();
  });

  it('says nothing about what is configured, and reports TRUST_PROXY either way', () => {
    const lines = startupCheck(
      production({
        APP_URL: 'https://nestmate.example',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        SMTP_URL: 'smtp://mail.example:587',
        S3_ENDPOINT: 'https://s3.example',
        S3_BUCKET: 'photos',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'key',
        TRUST_PROXY: 'true',
        DATABASE_URL: 'postgres://app:pw@db.example/nestmate',
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^TRUST_PROXY=true: client IPs come from X-Forwarded-For/);
  });

  it('flags an http APP_URL that is set', () => {
    const [line] = startupCheck(production({ APP_URL: 'http://nestmate.example' })).filter((l) =>
      l.startsWith('APP_URL'),
    );
    expect(line).toContain('http://nestmate.example;');
    expect(line).not.toContain('is APP_URL set?');
  });

  it('reports nothing outside production, where the offline twins are the point', () => {
    expect(startupCheck(loadEnv({ NODE_ENV: 'development', DATABASE_URL: 'file::memory:' }))).toEqual([]);
  });
});

describe('environment rules', () => {
  it('refuses a production Stripe key without its webhook secret (payments would never be fulfilled)', () => {
    expect(() => production({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      'Invalid environment: STRIPE_WEBHOOK_SECRET is required in production when STRIPE_SECRET_KEY is set',
    );
    expect(production({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).STRIPE_SECRET_KEY).toBe(
      'sk_live_x',
    );
  });

  it('redacts a connection URL for the log', () => {
    expect(redactUrl('postgres://app:s3cr%40t@db.example:5432/nestmate')).toBe(
      'postgres://app:***@db.example:5432/nestmate',
    );
    expect(redactUrl('postgres://app@db.example/nestmate')).toBe('postgres://app@db.example/nestmate');
    expect(redactUrl('file:./data/nestmate.db')).toBe('file:./data/nestmate.db');
  });
});
