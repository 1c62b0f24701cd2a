import { describe, expect, it } from 'vitest';
import { expiredRunsCheckSeconds, loadConfig, publicOrigin } from './config';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 3000,
      DATA_DIR: './data',
      DEMO_DATA: true,
      ADMIN_EMAIL: 'admin@example.com',
      BUSINESS_TIMEZONE: 'America/Chicago',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('requires PUBLIC_URL behind a proxy, keeps only its origin, and otherwise links to where the server listens', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    const behind = loadConfig({ TRUST_PROXY: '1', PUBLIC_URL: 'https://office.example.com/some/path' });
    expect(publicOrigin(behind)).toBe('https://office.example.com');
    expect(publicOrigin(loadConfig({}))).toBe('http://127.0.0.1:3000');
    expect(publicOrigin(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }))).toBe('http://127.0.0.1:8080');
  });

  it('runs a notification job lost with its instance again within about two minutes unless told otherwise', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ NOTIFICATION_JOB_EXPIRE_SECONDS: 60, NOTIFICATION_RETRY_SECONDS: 30 });
    // Expiry, then the next look for lost runs, then the first retry's wait with pg-boss's jitter (at most twice it).
    const latest =
      defaults.NOTIFICATION_JOB_EXPIRE_SECONDS +
      expiredRunsCheckSeconds(defaults) +
      2 * defaults.NOTIFICATION_RETRY_SECONDS;
    expect(latest).toBeLessThanOrEqual(150);
    expect(expiredRunsCheckSeconds(loadConfig({ NOTIFICATION_JOB_EXPIRE_SECONDS: '10' }))).toBe(2);
    expect(expiredRunsCheckSeconds(loadConfig({ NOTIFICATION_JOB_EXPIRE_SECONDS: '3600' }))).toBe(15);
    expect(() => loadConfig({ NOTIFICATION_JOB_EXPIRE_SECONDS: '2' })).toThrow(/NOTIFICATION_JOB_EXPIRE_SECONDS/);
    expect(() => loadConfig({ NOTIFICATION_RETRY_SECONDS: '0' })).toThrow(/NOTIFICATION_RETRY_SECONDS/);
  });

  it('bounds how long a request may take to arrive and a connection may idle', () => {
    expect(loadConfig({})).toMatchObject({ REQUEST_TIMEOUT_MS: 30_000, IDLE_TIMEOUT_MS: 120_000 });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('leaves metrics off by default; a token needs 32+ characters and their own port must differ from PORT', () => {
    const defaults = loadConfig({});
    expect([defaults.METRICS_TOKEN, defaults.METRICS_PORT]).toEqual([undefined, undefined]);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(32), METRICS_PORT: '9464' })).toMatchObject({
      METRICS_TOKEN: 'x'.repeat(32),
      METRICS_PORT: 9464,
    });
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every invalid setting in one message', () => {
    expect(() => loadConfig({ PORT: 'abc', DEMO_DATA: 'yes', BUSINESS_TIMEZONE: 'Mars/Base' })).toThrow(
      /PORT[\s\S]*DEMO_DATA/,
    );
    expect(() => loadConfig({ BUSINESS_TIMEZONE: 'Mars/Base' })).toThrow('unknown time zone "Mars/Base"');
  });

  it('reads replicas as a comma-separated list of URLs, and only beside a primary', () => {
    const primary = 'postgres://app@db-primary:5432/backoffice';
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URLS: ' postgres://app@db-r1:5432/backoffice, postgres://app@db-r2:5432/backoffice ,',
      }).DATABASE_REPLICA_URLS,
    ).toEqual(['postgres://app@db-r1:5432/backoffice', 'postgres://app@db-r2:5432/backoffice']);
    expect(loadConfig({ DATABASE_URL: primary }).DATABASE_REPLICA_URLS).toEqual([]);
    expect(loadConfig({}).REPLICA_MAX_LAG_MS).toBe(5_000);
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'not a url' })).toThrow(
      /DATABASE_REPLICA_URLS/,
    );
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://app@db-r1:5432/backoffice' })).toThrow(
      'replicas need DATABASE_URL, their primary',
    );
  });

  it('runs the jobs unless told not to, which only an instance on PostgreSQL may be', () => {
    expect(loadConfig({}).RUN_JOBS).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db:5432/backoffice', RUN_JOBS: '0' }).RUN_JOBS).toBe(false);
    expect(() => loadConfig({ RUN_JOBS: '0' })).toThrow('RUN_JOBS: 0 needs DATABASE_URL');
    expect(() => loadConfig({ RUN_JOBS: 'no' })).toThrow(/RUN_JOBS/);
  });
});
