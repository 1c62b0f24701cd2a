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
});
