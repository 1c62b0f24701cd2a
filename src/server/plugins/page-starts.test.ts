import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_ANSWERS } from '../../contract/pages';
import { createStaffUser, createTestApp, signedInAgent, type TestApp } from '../test/app';
import { allows, ROLE_IDS, type RoleId } from '../../contract/access';
import { ENDPOINTS } from '../../contract/endpoints';
import { urlOf } from '../../contract/endpoint';
import { clusterQueryOf, FIRST_CLUSTER_VIEW, GENERAL_MAP_LAYERS, mapEndpoints } from '../../contract/maps';
import { earlyAnswers, PAGES, FRAME_MODULES } from './page-starts';

/** A build as vite.config.ts makes it, its manifest keying chunks by their source under src/web. */
const manifest = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_runtime-R1.js'] },
  '_runtime-R1.js': { file: 'assets/runtime-R1.js' },
  '_shared-S1.js': { file: 'assets/shared-S1.js', imports: ['_runtime-R1.js'] },
  'app/Shell.tsx': { file: 'assets/Shell-F1.js', imports: ['_shared-S1.js'] },
  'features/dashboard/DashboardPage.tsx': { file: 'assets/DashboardPage-D1.js', imports: ['_shared-S1.js'] },
  'ui/chart/EChart.tsx': { file: 'assets/EChart-C1.js' },
  'features/maps/MapPage.tsx': {
    file: 'assets/MapPage-M1.js',
    imports: ['_leaflet-L1.js'],
    css: ['assets/MapPage-M1.css'],
  },
  '_leaflet-L1.js': { file: 'assets/leaflet-L1.js' },
  'features/maps/ProspectMapPage.tsx': { file: 'assets/ProspectMapPage-P1.js', imports: ['_leaflet-L1.js'] },
  'features/customers/CustomersPage.tsx': { file: 'assets/CustomersPage-U1.js', imports: ['_shared-S1.js'] },
};
const indexHtml =
  '<!doctype html><html><head><title>Back Office</title>' +
  '<script type="module" crossorigin src="/admin/assets/index-E1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/admin/assets/runtime-R1.js">' +
  '</head><body><div id="root"></div></body></html>';

let t: TestApp;
beforeAll(async () => {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.mkdirSync(path.join(webDir, '.vite'));
  fs.writeFileSync(path.join(webDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await createTestApp({}, { webDir });
});
afterAll(() => t.close());

const page = async (url: string, role: RoleId = 'administrator') => {
  const agent = await signedInAgent(t.app, await createStaffUser(t.db, { role }));
  const res = await agent.loadPage(url);
  expect(res.statusCode).toBe(200);
  return res;
};
const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/admin\/([^"]+)">/g)].map((m) => m[1]).sort();
/** The URLs the page's inline script asks for, as it leaves them for the app. */
const asked = (html: string) =>
  JSON.parse(new RegExp(`window\\.${EARLY_ANSWERS}=\\{\\};(\\[[^\\]]*\\])`).exec(html)?.[1] ?? '[]') as string[];

describe("a signed-in page's HTML", () => {
  it("names every chunk of the dashboard's route and its charts, and asks for its first answers, before the app's code runs", async () => {
    const res = await page('/admin');
    expect(preloaded(res.body)).toEqual([
      'assets/DashboardPage-D1.js',
      'assets/EChart-C1.js',
      'assets/Shell-F1.js',
      'assets/runtime-R1.js',
      'assets/shared-S1.js',
    ]);
    // The entry's own preload once, not twice.
    expect(res.body.match(/runtime-R1\.js/g)).toHaveLength(1);
    expect(asked(res.body)).toEqual([
      '/admin/api/me',
      '/admin/api/account/two-factor',
      '/admin/api/stats/subscription-activity-trend-monthly',
      '/admin/api/stats/total-orders-trend-monthly',
      '/admin/api/stats/ppc-conversion-trend-monthly',
      '/admin/api/stats/cpc-subscription-activity-trend-monthly',
    ]);
    // Asked as the app asks (JSON errors, the session cookie), before the stylesheet a script would wait for, in a
    // script the page's content security policy allows by its nonce alone.
    const script = /<script nonce="([^"]+)">([^<]*)<\/script>/.exec(res.body)!;
    expect(script[2]).toContain("credentials:'same-origin'");
    expect(script[2]).toContain("'X-Requested-With':'XMLHttpRequest'");
    expect(res.headers['content-security-policy']).toContain(`'nonce-${script[1]}'`);
    expect(res.body.indexOf(script[0])).toBeLessThan(res.body.indexOf('<script type="module"'));
  });

  it("names a map page's chunks and stylesheet, not the dashboard's, and asks for the map's settings", async () => {
    const res = await page('/admin/map');
    expect(preloaded(res.body)).toEqual([
      'assets/MapPage-M1.js',
      'assets/Shell-F1.js',
      'assets/leaflet-L1.js',
      'assets/runtime-R1.js',
      'assets/shared-S1.js',
    ]);
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/admin/assets/MapPage-M1.css">');
    expect(asked(res.body)).toEqual([
      '/admin/api/me',
      '/admin/api/account/two-factor',
      '/admin/api/maps/config',
      '/admin/api/maps/clusters?zoom=4&west=-180&south=0&east=-30&north=75&members=1&visits=all',
    ]);
  });

  it("asks for the map's first clusters as its map asks them, members only for a role that may see them", () => {
    const clusters = (page: string, role: RoleId) =>
      earlyAnswers(page, role).filter((url) => url.startsWith('/admin/api/maps/clusters'));
    const members = clusterQueryOf(FIRST_CLUSTER_VIEW, GENERAL_MAP_LAYERS);
    expect(clusters('/admin/map', 'administrator')).toEqual([urlOf(mapEndpoints.clusters, { query: members })]);
    expect(clusters('/admin/prospects/map', 'field-rep')).toEqual([
      urlOf(mapEndpoints.clusters, { query: clusterQueryOf(FIRST_CLUSTER_VIEW, { visits: 'all' }) }),
    ]);
    for (const role of ROLE_IDS)
      expect(clusters('/admin/map', role).length, role).toBe(
        allows(role, mapEndpoints.clusters.access) && allows(role, mapEndpoints.customers.access) ? 1 : 0,
      );
  });

  it('names the frame alone on a page it does not know, with a query string or a trailing slash on one it does', async () => {
    expect(preloaded((await page('/admin/audit')).body)).toEqual([
      'assets/Shell-F1.js',
      'assets/runtime-R1.js',
      'assets/shared-S1.js',
    ]);
    expect(preloaded((await page('/admin/customers/?search=smith')).body)).toContain('assets/CustomersPage-U1.js');
  });

  it("does not ask for the dashboard's charts for a role that may not see them", async () => {
    const res = await page('/admin', 'field-rep');
    expect(asked(res.body)).toEqual(['/admin/api/me', '/admin/api/account/two-factor']);
  });

  it('asks on no page, for any role, for an answer whose endpoint that role may not call', () => {
    const endpointOf = (url: string) =>
      ENDPOINTS.find(
        (e) => e.method === 'GET' && new RegExp(`^${e.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(url.split('?')[0]!),
      )!;
    for (const role of ROLE_IDS)
      for (const page of Object.keys(PAGES))
        for (const url of earlyAnswers(page, role))
          expect(allows(role, endpointOf(url).access), `${role} on ${page}: ${url}`).toBe(true);
    // Each role still gets the frame's answers, and the maps' settings on a map.
    for (const role of ROLE_IDS)
      expect(earlyAnswers('/admin/map', role).slice(0, 3)).toEqual([
        '/admin/api/me',
        '/admin/api/account/two-factor',
        '/admin/api/maps/config',
      ]);
  });

  it('starts nothing on the sign-in page', async () => {
    const res = await t.app.inject({ url: '/admin/login' });
    expect(res.body).not.toContain('modulepreload" crossorigin href="/admin/assets/Shell');
    expect(res.body).not.toContain(EARLY_ANSWERS);
  });

  // Such a page takes none of the frame's answers: one asked for would stay open as long as the page is.
  it('starts nothing on a page outside the frame, signed in or not', async () => {
    for (const url of ['/admin/set-password', '/admin/login']) {
      const res = await page(url);
      expect(res.body, url).not.toContain(EARLY_ANSWERS);
      expect(preloaded(res.body), url).not.toContain('assets/Shell-F1.js');
    }
  });

  it('keys modules that exist in the web app, as the build manifest names them', () => {
    for (const key of [...FRAME_MODULES, ...Object.values(PAGES).flatMap((start) => start.modules)])
      expect(fs.existsSync(path.join('src', 'web', key)), key).toBe(true);
  });
});
