import { describe, expect, it } from 'vitest';
import { lastDue, nextDue } from './business-time';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('schedules in business time', () => {
  it('runs an hourly schedule at its minutes of every hour, in a zone a half hour off UTC too', () => {
    const hourly = { at: '00:05', hourly: true as const };
    expect(iso(lastDue(hourly, at('2026-03-08T09:04:00Z'), 'America/Chicago'))).toBe('2026-03-08T08:05:00.000Z');
    expect(iso(nextDue(hourly, at('2026-03-08T09:04:00Z'), 'America/Chicago'))).toBe('2026-03-08T09:05:00.000Z');
    // Kolkata is UTC+05:30: its :05 is :35 in UTC.
    expect(iso(lastDue(hourly, at('2026-03-08T09:36:00Z'), 'Asia/Kolkata'))).toBe('2026-03-08T09:35:00.000Z');
    expect(iso(nextDue(hourly, at('2026-03-08T09:36:00Z'), 'Asia/Kolkata'))).toBe('2026-03-08T10:35:00.000Z');
  });

  it('runs a monthly schedule on its day at the same local hour across the change to summer time', () => {
    const monthly = { at: '08:00', monthDay: 1 };
    // Chicago: 1 March is winter time (UTC−6), 1 April summer time (UTC−5).
    expect(iso(lastDue(monthly, at('2026-03-20T00:00:00Z'), 'America/Chicago'))).toBe('2026-03-01T14:00:00.000Z');
    expect(iso(nextDue(monthly, at('2026-03-20T00:00:00Z'), 'America/Chicago'))).toBe('2026-04-01T13:00:00.000Z');
    expect(iso(lastDue(monthly, at('2026-03-01T13:59:00Z'), 'America/Chicago'))).toBe('2026-02-01T14:00:00.000Z');
  });
});
