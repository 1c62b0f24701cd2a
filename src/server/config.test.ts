import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
});
