import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';
import { seriousViolations } from './support/accessibility';
import { createCancellation, createRenewal, createSubscription } from '../src/server/test/factories';
import { readPng } from './support/png';

const DAY_MS = 86_400_000;
let e: E2E;

beforeAll(async () => {
  e = await startE2E();
  // Orders this month and a year before, so the comparison has something to draw.
  for (const daysAgo of [0, 2, 370])
    await createSubscription(e.db, { orderedAt: new Date(Date.now() - daysAgo * DAY_MS) });
  const returned = await createSubscription(e.db, { orderedAt: new Date(Date.now() - DAY_MS) });
  await createCancellation(e.db, { subscriptionId: returned.id, cancelledAt: new Date() });
  // Renewals on the days before today, none yet today: the day the issue saw "dive to $0".
  for (const daysAgo of [1, 2, 3]) await createRenewal(e.db, { renewedAt: new Date(Date.now() - daysAgo * DAY_MS) });
});
afterAll(() => e.close());

const card = (page: Page, endpoint: string) => page.locator(`[data-chart="${endpoint}"]`);
const drawn = (page: Page, endpoint: string) =>
  card(page, endpoint).locator('[data-drawn="true"]').waitFor({ timeout: 20_000 });
const menuOf = (page: Page, title: string) =>
  page.getByRole('button', { name: `${title}: download or show as a table`, exact: true });

/** MM/DD/YYYY of a day `offset` days from today, as typed in a date field. */
const typed = (offset: number) => {
  const d = new Date(Date.now() + offset * DAY_MS);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

describe('chart exports and controls', () => {
  for (const scheme of ['light', 'dark'] as const)
    it(`exports a compared chart as a PNG with its title, period and legend, and a CSV whose months carry their year (${scheme})`, async () => {
      const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 } });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/admin');
      await drawn(page, 'subscription-activity-trend');
      const chart = card(page, 'subscription-activity-trend');
      await chart.getByRole('switch', { name: 'Compare Subscription Activity with the period before' }).check();
      // The faint stretch before has its own legend entry on the page.
      const legend = chart.getByRole('group', { name: 'Series of Subscription Activity' });
      await legend.getByRole('button', { name: 'New Orders (previous)' }).waitFor();
      await page.screenshot({ path: `.tmp/screens/dashboard-compare-legend-1280-${scheme}.png` });

      await menuOf(page, 'Subscription Activity').click();
      const [png] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Download PNG' }).click(),
      ]);
      const bytes = fs.readFileSync((await png.path())!);
      fs.writeFileSync(`.tmp/screens/exported-subscription-activity-${scheme}.png`, bytes);
      const picture = readPng(bytes);
      // Twice 960 px wide; the chart's 400 px with its title above and its legend below.
      expect(picture.width).toBe(1920);
      expect(picture.height).toBeGreaterThan((400 + 72) * 2);
      expect(picture.texts.Title).toBe('Subscription Activity');
      const [period, ...series] = picture.texts.Description!.split('\n');
      expect(period).toMatch(/^Monthly · [A-Z][a-z]{2} \d{4} – [A-Z][a-z]{2} \d{4} \([A-Z][a-z]{2} \d{4} so far\)$/);
      expect(series).toEqual(expect.arrayContaining(['New Orders', 'Net Subscriptions', 'New Orders (previous)']));

      await menuOf(page, 'Subscription Activity').click();
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Download CSV' }).click(),
      ]);
      const lines = fs
        .readFileSync((await csv.path())!, 'utf8')
        .trim()
        .split('\n');
      expect(lines[0]).toBe(
        'Month,New Orders,21-Day Returns,Cancellations,Net Subscriptions,Previous month,New Orders (previous),21-Day Returns (previous),Cancellations (previous),Net Subscriptions (previous),So far',
      );
      for (const line of lines.slice(1)) expect(line).toMatch(/^\d{4}-\d{2},-?\d+,\d+,\d+,-?\d+,\d{4}-\d{2},/);
    });

  it('fits a compared chart’s data table in its card at 1280 px, and scrolls it as a labelled, focusable region at 375', async () => {
    for (const width of [1280, 375]) {
      const { page } = await e.signedInPage({ viewport: { width, height: 900 }, at: '/admin' });
      await drawn(page, 'subscription-activity-trend');
      const chart = card(page, 'subscription-activity-trend');
      await chart.getByRole('switch', { name: 'Compare Subscription Activity with the period before' }).check();
      await menuOf(page, 'Subscription Activity').click();
      await page.getByRole('menuitem', { name: 'Show data table' }).click();
      const table = chart.getByRole('table', { name: 'Subscription Activity, Past Year' });
      await expect.poll(() => table.isVisible()).toBe(true);
      await expect.poll(() => table.getByRole('columnheader').count()).toBe(10);
      await table.getByRole('rowheader').last().getByText('so far').waitFor();
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.tmp/screens/dashboard-compare-table-${width}.png` });
      const box = table.locator('xpath=..');
      const [scrollWidth, clientWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      if (width === 1280) {
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        expect(await box.getAttribute('tabindex')).toBeNull();
      } else {
        const region = chart.getByRole('region', { name: 'Subscription Activity, Past Year (scrolls sideways)' });
        expect(await region.getAttribute('tabindex')).toBe('0');
        await region.focus();
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });

  for (const [width, scheme] of [
    [1280, 'light'],
    [375, 'dark'],
  ] as const)
    it(`says a typed start after the end is wrong at the field and keeps the range drawn before (${width}, ${scheme})`, async () => {
      const { page } = await e.signedInPage({ viewport: { width, height: 900 } });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/admin');
      await drawn(page, 'subscription-activity-trend');
      const chart = card(page, 'subscription-activity-trend');
      if (width === 375) {
        await chart.getByRole('combobox', { name: 'Period of Subscription Activity' }).click();
        await page.getByRole('option', { name: 'Custom' }).click();
      } else await chart.getByText('Custom', { exact: true }).click();
      const from = chart.getByRole('textbox', { name: 'Subscription Activity from' });
      const to = chart.getByRole('textbox', { name: 'Subscription Activity to' });
      await from.fill(typed(-9));
      await to.fill(typed(0));
      await page.keyboard.press('Tab');
      const before = chart.getByRole('table', { name: `Subscription Activity, ${typed(-9)} to ${typed(0)}` });
      await expect.poll(() => before.count()).toBe(1);

      let asked = 0;
      page.on('request', (req) => void (req.url().includes('subscription-activity-trend') && asked++));
      await from.fill(typed(5));
      await page.keyboard.press('Tab');
      await chart.getByText(`The start must be on or before ${typed(0)}.`).waitFor();
      expect(await from.inputValue()).toBe(typed(5));
      expect(await from.getAttribute('aria-invalid')).toBe('true');
      await page.screenshot({ path: `.tmp/screens/dashboard-range-backwards-${width}-${scheme}.png` });
      // Nothing asked, and the chart still draws the range it drew.
      expect(asked).toBe(0);
      expect(await before.count()).toBe(1);
      expect(await chart.locator('[role="img"]').getAttribute('aria-label')).toBe(
        `Subscription Activity, ${typed(-9)} to ${typed(0)}`,
      );
    });

  for (const scheme of ['light', 'dark'] as const)
    it(`draws today's renewals apart as "so far", not as a finished value (1280, ${scheme})`, async () => {
      const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 } });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/admin');
      const renewals = card(page, 'renewals-trend');
      await renewals.scrollIntoViewIfNeeded();
      await drawn(page, 'renewals-trend');
      const today = await renewals.getAttribute('data-so-far');
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // Hovering the last day says so.
      const box = (await renewals.locator('canvas').first().boundingBox())!;
      await page.mouse.move(box.x + box.width - 30, box.y + box.height / 2);
      await page.mouse.move(box.x + box.width - 26, box.y + box.height / 2);
      await renewals
        .locator('div')
        .filter({ hasText: /\(so far\)/ })
        .last()
        .waitFor({ timeout: 5_000 });
      await page.screenshot({ path: `.tmp/screens/dashboard-renewals-so-far-${scheme}.png` });
      // The monthly view of another chart marks this month the same way.
      expect(await card(page, 'subscription-activity-trend').getAttribute('data-so-far')).toMatch(/^\d{4}-\d{2}$/);
    });

  it('has no scrolling box that the keyboard cannot reach once every chart has its data, its table shown or not', async () => {
    for (const width of [1280, 375]) {
      const { page } = await e.signedInPage({ viewport: { width, height: 900 }, at: '/admin' });
      // Every card down to the last, whose hidden tables were scrolling boxes no key could reach.
      const last = card(page, 'upcoming-credits');
      await last.scrollIntoViewIfNeeded();
      await last.getByText('Remaining Credits: $').waitFor({ timeout: 20_000 });
      await menuOf(page, 'Subscription Activity').click();
      await page.getByRole('menuitem', { name: 'Show data table' }).click();
      await card(page, 'subscription-activity-trend').getByRole('table').waitFor();
      await page.getByRole('menu').waitFor({ state: 'detached' });
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
