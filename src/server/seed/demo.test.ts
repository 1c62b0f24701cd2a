import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { Agent, createTestApp, type TestApp } from '../test/app';
import { loadDemoDataIfEmpty, type DemoAccount } from './demo';

let t: TestApp;
let accounts: DemoAccount[];
beforeAll(async () => {
  t = await createTestApp();
  accounts = await loadDemoDataIfEmpty(t.db, pino({ level: 'silent' }), 'America/Chicago');
}, 120_000);
afterAll(() => t.close());

describe('demo data', () => {
  it('opens one demo account per role other than Administrator, each able to sign in with its role', async () => {
    expect(accounts.map((a) => a.role).sort()).toEqual(['analyst', 'field-rep', 'operations']);
    for (const account of accounts) {
      const agent = new Agent(t.app);
      await agent.loadPage();
      const res = await agent.post('/admin/login', { email: account.email, password: account.password });
      expect(res.statusCode, account.role).toBe(200);
      expect(res.json().user.role).toBe(account.role);
    }
  });

  it('loads nothing and opens no account on a database that has customers', async () => {
    expect(await loadDemoDataIfEmpty(t.db, pino({ level: 'silent' }), 'America/Chicago')).toEqual([]);
  });
});
