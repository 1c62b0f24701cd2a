import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';
import { createCustomer, createSubscription } from '../src/server/test/factories';
import { createProspect } from '../src/server/test/factories/prospect';

let e: E2E;
const DAY = 86_400_000;
beforeAll(async () => {
  e = await startE2E();
  // Far apart, so each stays a single marker once the map fits to them.
  await createProspect(e.db, { name: 'Tess Today', lat: 36.16, lng: -86.78 });
  await createProspect(e.db, {
    name: 'Otto Open',
    lat: 39.74,
    lng: -104.99,
    createdAt: new Date(Date.now() - 4 * DAY),
  });
  await createProspect(e.db, {
    name: 'Carla Converted',
    lat: 47.61,
    lng: -122.33,
    createdAt: new Date(Date.now() - 9 * DAY),
    convertedAt: new Date(Date.now() - DAY),
  });
  const member = await createCustomer(e.db, {
    name: 'Mia Member',
    lat: 33.45,
    lng: -112.07,
    address: '9 Cactus Rd',
    city: 'Phoenix',
    state: 'AZ',
    zip: '85004',
  });
  await createSubscription(e.db, { customerId: member.id });
});
afterAll(() => e?.close());

const markerTitles = (page: Page) =>
  page.locator('.leaflet-marker-icon[title]').evaluateAll((els) => els.map((el) => el.getAttribute('title')).sort());
/** A map answers after its fit and its clusters' request, which a busy machine can hold for a few seconds. */
const MAP_WAIT = { timeout: 10_000 };

describe('prospect map', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    it(`switches subsets, overlays members and opens an info window (${viewport.width} px)`, async () => {
      const { page } = await e.signedInPage({ viewport, at: '/admin/prospects/map' });
      await expect.poll(() => markerTitles(page), MAP_WAIT).toEqual(['Carla Converted', 'Otto Open', 'Tess Today']);
      const map = page.getByRole('region', { name: 'Prospect map' });
      expect((await map.boundingBox())?.height).toBe(600);

      await page.getByText('Today', { exact: true }).click();
      await expect.poll(() => markerTitles(page), MAP_WAIT).toEqual(['Tess Today']);
      // One visit is shown with its town around it, not at street level.
      await expect.poll(() => page.locator('.leaflet-container').getAttribute('data-zoom')).toBe('11');
      // Around it, the offline basemap names the town and draws the county lines.
      await expect.poll(() => page.locator('.place-label').allTextContents()).toContain('Nashville');
      await expect
        .poll(() =>
          page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('counties'))),
        )
        .toBe(true);
      if (viewport.width === 1280) await page.screenshot({ path: '.tmp/screens/prospect-map-today-1280.png' });
      await page.getByText('Converted', { exact: true }).click();
      await expect.poll(() => markerTitles(page), MAP_WAIT).toEqual(['Carla Converted']);
      await page.getByText('Unconverted', { exact: true }).click();
      await expect.poll(() => markerTitles(page), MAP_WAIT).toEqual(['Otto Open', 'Tess Today']);

      await page.getByLabel('Show Existing Members').check();
      await expect.poll(() => markerTitles(page), MAP_WAIT).toEqual(['Mia Member', 'Otto Open', 'Tess Today']);
      expect(
        await page
          .locator('.leaflet-marker-icon[title="Mia Member"]')
          .evaluate((el) => [(el as HTMLImageElement).width, (el as HTMLImageElement).height]),
      ).toEqual([20, 24]);

      await page.locator('.leaflet-marker-icon[title="Mia Member"]').click();
      const info = page.getByTestId('marker-info');
      await expect.poll(() => info.textContent()).toContain('Phoenix, AZ 85004');
      expect(await info.textContent()).toContain('Existing Member');
      const memberLink = info.getByRole('link', { name: "Open the customer's page" });
      await memberLink.waitFor();
      expect(await memberLink.getAttribute('href')).toMatch(/^\/admin\/customers\/\d+$/);
      await page.screenshot({ path: `.tmp/screens/prospect-map-${viewport.width}.png` });

      await page.getByLabel('Show Existing Members').uncheck();
      await expect.poll(() => markerTitles(page), MAP_WAIT).toEqual(['Otto Open', 'Tess Today']);
      await page.locator('.leaflet-marker-icon[title="Otto Open"]').click();
      await expect.poll(() => page.getByTestId('marker-info').textContent()).toContain('Not converted');
    });
  }

  it('shows an error state when the markers cannot be loaded', async () => {
    const { page } = await e.signedInPage();
    await page.route('**/admin/api/maps/clusters*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }),
    );
    await page.goto('/admin/prospects/map');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'The map could not be loaded.' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  });
});

/** The clusters' requests a page has made, by the query each asked. */
const clusterQueries = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.pathname === '/admin/api/maps/clusters')
      .map((url) => url.search),
  );

describe('general map', () => {
  it('draws members and prospects from the map data over the offline US outline', async () => {
    const { page } = await e.signedInPage({ at: '/admin/map' });
    await expect
      .poll(() => markerTitles(page), MAP_WAIT)
      .toEqual(['Carla Converted', 'Mia Member', 'Otto Open', 'Tess Today']);
    // The offline basemap is drawn on the map's canvas.
    await expect.poll(() => page.locator('.leaflet-overlay-pane canvas').count()).toBeGreaterThan(0);
    await page.locator('.leaflet-marker-icon[title="Carla Converted"]').click();
    await expect.poll(() => page.getByTestId('marker-info').textContent()).toContain('Converted Prospect');
    // The info window fades in: shoot it once opaque.
    await expect.poll(() => page.locator('.leaflet-popup').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await page.screenshot({ path: '.tmp/screens/general-map-1280.png' });
  });

  for (const [at, first] of [
    ['/admin/map', '?zoom=4&west=-180&south=0&east=-30&north=75&members=1&visits=all'],
    ['/admin/prospects/map', '?zoom=4&west=-180&south=0&east=-30&north=75&visits=all'],
  ] as const)
    it(`draws its first markers from the clusters its HTML asked for ahead, then asks for the view it laid out (${at})`, async () => {
      const { page } = await e.signedInPage({ at });
      await expect.poll(() => markerTitles(page), MAP_WAIT).toContain('Otto Open');
      // The HTML's request was taken by the map (none left untaken), and the map never asked it again itself.
      expect(
        await page.evaluate(() => Object.keys((window as unknown as { __earlyAnswers: object }).__earlyAnswers)),
      ).toEqual([]);
      await expect.poll(() => clusterQueries(page), MAP_WAIT).toContainEqual(expect.not.stringContaining('west=-180&'));
      expect((await clusterQueries(page)).filter((query) => query === first)).toHaveLength(1);
    });
});

describe('an info window of a visit', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    it(`takes a field rep from their visit's window to the visit, and offers no member's page (${viewport.width} px)`, async () => {
      const member = await createCustomer(e.db, { name: `Wendy Window ${viewport.width}`, lat: 30.27, lng: -97.74 });
      const { page, user } = await e.signedInPage({ role: 'field-rep', isRep: true, viewport });
      const visit = await createProspect(e.db, {
        repId: user.id,
        name: `Vic Visit ${viewport.width}`,
        lat: 35.08,
        lng: -106.65,
        customerId: member.id,
      });
      await page.goto('/admin/prospects/map');
      // A rep's map holds their own visit alone.
      await expect.poll(() => markerTitles(page), MAP_WAIT).toEqual([visit.name]);
      await page.locator(`.leaflet-marker-icon[title="${visit.name}"]`).click();
      const info = page.getByTestId('marker-info');
      await expect.poll(() => info.textContent()).toContain(`Existing member: ${member.name}`);
      const toVisit = info.getByRole('link', { name: 'Open the visit' });
      await toVisit.waitFor();
      await expect.poll(() => page.locator('.leaflet-popup').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await page.screenshot({ path: `.tmp/screens/prospect-map-visit-link-${viewport.width}.png` });
      // The member's page is the office's: a rep is not sent to a refusal.
      expect(await info.getByRole('link', { name: "Open the customer's page" }).count()).toBe(0);

      await toVisit.click();
      await page.waitForURL((url) => url.pathname === `/admin/prospects/${visit.id}`);
      await page.getByRole('heading', { name: visit.name!, level: 1 }).waitFor();
    });
  }

  it('takes an administrator from a visit on the general map to the visit', async () => {
    const { page } = await e.signedInPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/admin/map');
    await expect.poll(() => markerTitles(page), MAP_WAIT).toContain('Otto Open');
    await page.locator('.leaflet-marker-icon[title="Otto Open"]').click();
    const toVisit = page.getByTestId('marker-info').getByRole('link', { name: 'Open the visit' });
    await toVisit.waitFor();
    await expect.poll(() => page.locator('.leaflet-popup').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await page.screenshot({ path: '.tmp/screens/general-map-visit-link-1280-dark.png' });
    await toVisit.click();
    await page.getByRole('heading', { name: 'Otto Open', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/prospects\/\d+$/);
  });
});
