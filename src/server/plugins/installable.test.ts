import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, spaShell, type TestApp } from '../test/app';

let t: TestApp;

beforeAll(async () => {
  // A build as vite.config.ts makes it: the service worker and manifest at the top, the icons beside them.
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-web-'));
  fs.cpSync(spaShell(), webDir, { recursive: true });
  fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Back Office","scope":"/admin/"}');
  fs.mkdirSync(path.join(webDir, 'icons'));
  fs.writeFileSync(path.join(webDir, 'icons', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({}, { webDir });
});
afterAll(() => t.close());

describe('the installable app’s files', () => {
  it('serve the service worker to a guest, looked at again on every visit, its scope the whole app', async () => {
    const res = await t.app.inject({ url: '/admin/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/admin/');
    expect(res.body).toContain('addEventListener');
  });

  it('serve the manifest as a web app manifest, and its icons', async () => {
    const manifest = await t.app.inject({ url: '/admin/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const icon = await t.app.inject({ url: '/admin/icons/icon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });

  it('let pages register a worker and a manifest from this origin alone', async () => {
    const csp = String((await t.app.inject({ url: '/admin/login' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
