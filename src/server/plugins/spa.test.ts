import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, spaShell, type TestApp } from '../test/app';

const script = `export const chart = ${JSON.stringify('x'.repeat(20_000))};\n`;
let t: TestApp;
let asset: string;

beforeAll(async () => {
  // A build as vite.config.ts makes it: each asset beside its .br and .gz.
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-web-'));
  fs.cpSync(spaShell(), webDir, { recursive: true });
  asset = path.join(webDir, 'assets', 'chart-Ab12.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  t = await createTestApp({}, { webDir });
});
afterAll(() => t.close());

const get = (encoding?: string) =>
  t.app.inject({ url: '/admin/assets/chart-Ab12.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('built assets', () => {
  it('are sent as the build compressed them, brotli first', async () => {
    const res = await get('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    // The build's own bytes, not a compression made for this request.
    expect(res.rawPayload.equals(fs.readFileSync(`${asset}.br`))).toBe(true);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('are sent gzipped to a client without brotli, and plain to one that accepts neither', async () => {
    const gzipped = await get('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.equals(fs.readFileSync(`${asset}.gz`))).toBe(true);
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
