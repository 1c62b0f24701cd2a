import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/types';
import { Agent, createTestApp, spaShell, type TestApp } from '../test/app';
import { openTestDatabase } from '../test/database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
}

describe('request ids', () => {
  let app: FastifyInstance;
  let database: Database;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), { database, webDir: spaShell(), logStream });
    app.get('/admin/api/broken', { config: { access: 'public' } }, () => {
      throw new Error('a bug');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('names every answer in X-Request-Id, a fresh UUID each time: found, refused, missing or a page', async () => {
    const guest = new Agent(app);
    const answers = [
      await guest.get('/health'),
      await guest.get('/admin/api/me'),
      await guest.get('/nowhere'),
      await guest.loadPage('/admin/login'),
      await guest.post('/admin/login', { email: 'x@example.com', password: 'p' }, { 'x-csrf-token': 'forged' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 200, 419]);
    const ids = answers.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("ignores a client's own X-Request-Id when no proxy is trusted", async () => {
    const res = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'chosen-by-client' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(lines.some((l) => l.reqId === 'chosen-by-client')).toBe(false);
  });

  it('gives a server error its id as `reference`, the same as X-Request-Id and as every log line of the request', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/api/broken' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(res.json()).toEqual({ message: 'Server Error', reference: id });
    const failed = lines.find((l) => l.msg === 'request failed');
    expect(failed).toMatchObject({ level: 50, reqId: id });
    const ofRequest = lines.filter((l) => l.reqId === id).map((l) => l.msg);
    expect(ofRequest).toEqual(['request failed', 'request completed']);
  });
});

describe('request ids behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: true, PUBLIC_URL: 'https://office.example.com' });
  });
  afterAll(() => t.close());

  const idFor = async (given: string) =>
    (await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': given } })).headers['x-request-id'];

  it("keeps the proxy's X-Request-Id when it is letters, digits and dashes, at most 64", async () => {
    expect(await idFor('edge-7f3a9c')).toBe('edge-7f3a9c');
    expect(await idFor('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it('replaces one that could forge or break a log line with a fresh id', async () => {
    for (const given of ['a'.repeat(65), 'id with spaces', 'id"}\\n{"level":60', 'id_underscore', 'ïd'])
      expect(await idFor(given), given).toMatch(UUID);
  });
});
