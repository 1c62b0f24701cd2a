import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { errorsPlugin } from '../plugins/errors';
import { sendRowsCsv } from './csv';
import type { AppMetrics } from '../metrics/app-metrics';

interface LogLine {
  level: number;
  msg: string;
  res?: { statusCode: number };
}

const lines: LogLine[] = [];
let app: FastifyInstance;
let base: string;
let batchesRead = 0;
const exports = { running: 0, ended: [] as boolean[] };

/** Batches of one row each; the one numbered `failAt` throws, as a dropped database connection would. */
async function* numbers(failAt: number) {
  for (let n = 1; ; n++) {
    batchesRead++;
    if (n === failAt) throw new Error('connection to the database lost');
    yield [n];
    if (n === 200) return;
  }
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  app = Fastify({ logger: { level: 'info', stream } });
  // What the metrics are told of each download: its start, and whether it ended whole.
  app.decorate('metrics', {
    exportStarted() {
      exports.running++;
      return (complete: boolean) => {
        exports.running--;
        exports.ended.push(complete);
      };
    },
  } as unknown as AppMetrics);
  await app.register(errorsPlugin);
  await app.register(compress, { threshold: 0 });
  app.get<{ Querystring: { failAt: string } }>('/export.csv', (request, reply) =>
    sendRowsCsv(reply, 'numbers', [{ header: 'N', value: (n: number) => n }], numbers(Number(request.query.failAt))),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

/** Downloads the file as a browser would: its status, its text, and whether it arrived whole. */
function download(path: string): Promise<{ status: number; body: string; whole: boolean }> {
  return new Promise((resolve) => {
    http.get(`${base}${path}`, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, whole: res.complete }));
      res.on('error', () => resolve({ status: res.statusCode!, body, whole: false }));
      res.on('aborted', () => resolve({ status: res.statusCode!, body, whole: false }));
    });
  });
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a download that fails', () => {
  it('before its first batch is an ordinary error answer, not a file', async () => {
    lines.length = 0;
    const res = await download('/export.csv?failAt=1');
    expect(res.status).toBe(500);
    expect(res.body).toContain('Server Error');
  });

  it('after its first batch ends the connection, so the client knows the file is cut, logged once and no 500', async () => {
    lines.length = 0;
    batchesRead = 0;
    const res = await download('/export.csv?failAt=3');
    expect(res.status).toBe(200);
    expect(res.whole).toBe(false);
    await settled();
    expect(batchesRead).toBe(3);
    const errors = lines.filter((l) => l.level >= 40);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('connection to the database lost');
    expect(lines.some((l) => l.res?.statusCode === 500)).toBe(false);
  });

  it('is counted as cut, and one that succeeds as complete, neither running after', async () => {
    exports.ended = [];
    await download('/export.csv?failAt=3');
    await download('/export.csv?failAt=0');
    await vi.waitFor(() => expect(exports.ended).toHaveLength(2));
    expect(exports.ended.sort()).toEqual([false, true]);
    expect(exports.running).toBe(0);
  });

  it('that succeeds arrives whole', async () => {
    const res = await download('/export.csv?failAt=0');
    expect(res.whole).toBe(true);
    expect(res.body.trimEnd().split('\n')).toHaveLength(201);
  });
});
