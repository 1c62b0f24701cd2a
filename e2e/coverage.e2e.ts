import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inEachScheme, startE2E, WIDTHS_AND_SCHEMES, type E2E } from './support/harness';
import { createProspect } from '../src/server/test/factories/prospect';
import { prospectSpeedTests } from '../src/server/db/schema';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  // Nashville, where carrier 1 reads fast, and Memphis, where it has no service; carrier 2 is slow in both.
  for (const [lat, lng, carrier1] of [
    [36.16, -86.78, '120.00'],
    [35.15, -90.05, '0.00'],
  ] as const) {
    const visit = await createProspect(e.db, { lat, lng });
    await e.db.insert(prospectSpeedTests).values([
      { prospectId: visit.id, carrierId: 1, reading1: carrier1, reading2: carrier1, reading3: carrier1 },
      { prospectId: visit.id, carrierId: 2, reading1: '3.00', reading2: '3.00', reading3: '3.00' },
    ]);
  }
});
afterAll(() => e?.close());

const hexLabels = (page: Page) =>
  page.locator('path.coverage-hex').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')).sort());
/** A map answers after its fit and its layers' requests, which a busy machine can hold for a few seconds. */
const MAP_WAIT = { timeout: 10_000 };

describe('carrier coverage layer', () => {
  for (const [width, scheme] of WIDTHS_AND_SCHEMES) {
    it(`is off until turned on, then draws the chosen carrier's hexagons with a legend (${width} px, ${scheme})`, async () => {
      const { page } = await e.signedInPage({
        role: 'field-rep',
        isRep: true,
        viewport: { width, height: 900 },
      });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto('/admin/prospects/map');
      await expect.poll(() => page.locator('.leaflet-container').count(), MAP_WAIT).toBe(1);
      expect(await page.locator('path.coverage-hex').count()).toBe(0);
      await expect.poll(() => page.getByRole('list', { name: 'Coverage legend' }).count()).toBe(0);

      await page.getByLabel('Show coverage').check();
      await expect.poll(() => hexLabels(page), MAP_WAIT).toEqual(['100 Mbps or more: 1 test', 'No service: 1 test']);
      const legend = page.getByRole('list', { name: 'Coverage legend' });
      expect(await legend.getByRole('listitem').allTextContents()).toEqual([
        'No service',
        'Under 5 Mbps',
        '5–25 Mbps',
        '25–100 Mbps',
        '100 Mbps or more',
      ]);
      await expect.poll(() => page.getByLabel('Carrier', { exact: true }).first().inputValue()).not.toBe('');
      await page.screenshot({ path: `.tmp/screens/coverage-prospect-map-${width}-${scheme}.png` });

      await page.getByLabel('Carrier', { exact: true }).first().click();
      await page.getByRole('option').nth(1).click();
      await expect.poll(() => hexLabels(page), MAP_WAIT).toEqual(['Under 5 Mbps: 1 test', 'Under 5 Mbps: 1 test']);
    });
  }

  it('is among the general map’s layers too, seen in both schemes (1280 px)', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 }, at: '/admin/map' });
    await page.getByLabel('Show coverage').check();
    await inEachScheme(page, async (scheme) => {
      await expect.poll(() => hexLabels(page), MAP_WAIT).toEqual(['100 Mbps or more: 1 test', 'No service: 1 test']);
      await page.screenshot({ path: `.tmp/screens/coverage-general-map-1280-${scheme}.png` });
    });
  });
});
