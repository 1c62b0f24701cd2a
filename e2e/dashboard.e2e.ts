import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';
import { createCancellation, createSubscription } from '../src/server/test/factories';
import { DASHBOARD_OPENING_TRENDS, trendName } from '../src/contract/stats';

const HOUR_MS = 3_600_000;
let e: E2E;

beforeAll(async () => {
  e = await startE2E();
  // This month: 4 orders, one of them returned (25.00 % of orders).
  const ordered = new Date(Date.now() - HOUR_MS);
  const returned = await createSubscription(e.db, { orderedAt: ordered });
  for (let i = 0; i < 3; i++) await createSubscription(e.db, { orderedAt: ordered });
  await createCancellation(e.db, { subscriptionId: returned.id, cancelledAt: new Date() });
});
afterAll(() => e.close());

/** Counts the requests of each stats URL the page makes. */
function countStatsRequests(page: Page) {
  const counts = new Map<string, number>();
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/admin/api/stats/')) counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  return (path: string) => counts.get(path) ?? 0;
}

const card = (page: Page, endpoint: string) => page.locator(`[data-chart="${endpoint}"]`);
const drawn = (page: Page, endpoint: string) =>
  card(page, endpoint).locator('[data-drawn="true"]').waitFor({ timeout: 20_000 });

/** Hovers the last period of a chart and answers the tooltip's text. */
async function hoverLastPeriod(page: Page, endpoint: string) {
  const box = (await card(page, endpoint).locator('canvas').first().boundingBox())!;
  await page.mouse.move(box.x + box.width - 40, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width - 36, box.y + box.height / 3);
  const tooltip = card(page, endpoint)
    .locator('div')
    .filter({ hasText: /Net[\w .]*:/ })
    .last();
  await tooltip.waitFor({ timeout: 5_000 });
  return tooltip.innerText();
}

describe('dashboard', () => {
  it("asks for its first charts' data with the page, before the app's code has arrived, and once each", async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 } });
    const requests = countStatsRequests(page);
    // A slow network: every script held back a second, so the data's requests are timed against the code's arrival.
    await page.route('**/admin/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto('/admin');
    await drawn(page, 'subscription-activity-trend');
    const { entryEnd, started } = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        entryEnd: entries.find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))!.responseEnd,
        started: Object.fromEntries(entries.map((entry) => [new URL(entry.name).pathname, entry.startTime])),
      };
    });
    for (const { endpoint, view } of DASHBOARD_OPENING_TRENDS) {
      const path = `/admin/api/stats/${trendName(endpoint, view)}`;
      expect(requests(path), path).toBe(1);
      expect(started[path], path).toBeLessThan(entryEnd);
    }
  });

  it('draws the charts, shows the percentage hovers, and makes no request when returning to a loaded view', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 } });
    const requests = countStatsRequests(page);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await drawn(page, 'subscription-activity-trend');
    await drawn(page, 'total-orders-trend');
    await page.screenshot({ path: '.tmp/screens/dashboard-1280.png' });

    const activity = await hoverLastPeriod(page, 'subscription-activity-trend');
    expect(activity).toContain('New Orders: 4');
    expect(activity).toContain('21-Day Returns: 1');
    expect(activity).toContain('Returns: 25.00% of orders');
    const total = await hoverLastPeriod(page, 'total-orders-trend');
    expect(total).toContain('Cancellations: 25.00% of total');
    await page.screenshot({ path: '.tmp/screens/dashboard-tooltip.png' });

    // Every series name is on screen, and each switches its series off and on.
    const legend = card(page, 'subscription-activity-trend').getByRole('group', { name: /Series of/ });
    for (const name of ['New Orders', '21-Day Returns', 'Cancellations', 'Net Subscriptions']) {
      const item = legend.getByRole('button', { name });
      expect(await item.isVisible(), name).toBe(true);
      expect(await item.getAttribute('aria-pressed')).toBe('true');
    }
    await legend.getByRole('button', { name: 'Net Subscriptions' }).click();
    expect(await legend.getByRole('button', { name: 'Net Subscriptions' }).getAttribute('aria-pressed')).toBe('false');
    await legend.getByRole('button', { name: 'Net Subscriptions' }).click();

    const monthly = '/admin/api/stats/subscription-activity-trend-monthly';
    const daily = '/admin/api/stats/subscription-activity-trend-daily';
    expect(requests(monthly)).toBe(1);
    const activityCard = card(page, 'subscription-activity-trend');
    await activityCard.getByText('Past 30 Days').click();
    await drawn(page, 'subscription-activity-trend');
    expect(requests(daily)).toBe(1);
    await activityCard.getByText('Past Year').click();
    await drawn(page, 'subscription-activity-trend');
    await activityCard.getByText('Past 30 Days').click();
    await drawn(page, 'subscription-activity-trend');
    expect([requests(monthly), requests(daily)]).toEqual([1, 1]);
    // Charts far below the fold have not asked for anything yet.
    expect(requests('/admin/api/stats/prospect-conversions-trend-monthly')).toBe(0);
  });

  it('shows an error with a retry for a chart whose request fails, and its data after the retry', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 } });
    let fail = true;
    await page.route('**/admin/api/stats/ppc-conversion-trend-monthly', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' })
        : route.continue(),
    );
    await page.goto('/admin');
    const ppc = card(page, 'ppc-conversion-trend');
    await ppc.getByText('PPC Conversions could not be loaded.').waitFor({ timeout: 20_000 });
    fail = false;
    await ppc.getByRole('button', { name: 'Retry' }).click();
    // No PPC conversion was made here: the card says so rather than drawing a bare baseline.
    await ppc.getByText('No PPC Conversions data for past year.').waitFor({ timeout: 20_000 });
  });

  it('heads the page with the figures of the last 30 days against the 30 before, each opening its rows', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 }, at: '/admin' });
    const tile = (key: string) => page.locator(`[data-kpi="${key}"]`);
    await expect.poll(() => tile('orders').innerText()).toContain('4');
    expect(await tile('orders').innerText()).toContain('New orders');
    expect(await tile('returnRate').innerText()).toContain('25.00%');
    expect(await tile('net').innerText()).toMatch(/Net subscriptions\s+3/);
    const glance = page.getByRole('region', { name: 'At a glance' });
    await glance.locator('label', { hasText: 'Custom' }).click();
    expect(await page.getByText('Choose the first and last day.').isVisible()).toBe(true);
    await glance.locator('label', { hasText: 'This year' }).click();
    await expect.poll(() => tile('orders').innerText()).toContain('4');
    await tile('orders').getByRole('link').click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/subscriptions' && url.searchParams.get('needsReason') === '0',
    );
    await expect.poll(() => page.getByRole('table').first().locator('tbody tr').count()).toBe(4);
  });

  it('draws a chosen range day by day, its table named after it', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 }, at: '/admin' });
    await drawn(page, 'subscription-activity-trend');
    const chart = card(page, 'subscription-activity-trend');
    const asked = page.waitForRequest((req) => /subscription-activity-trend-daily\?.*from=/.test(req.url()));
    await chart.getByText('Custom', { exact: true }).click();
    const day = (offset: number) => {
      const d = new Date(Date.now() + offset * 86_400_000);
      return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
    };
    await chart.getByRole('textbox', { name: 'Subscription Activity from' }).fill(day(-9));
    await chart.getByRole('textbox', { name: 'Subscription Activity to' }).fill(day(0));
    await page.keyboard.press('Tab');
    const url = new URL((await asked).url());
    expect(url.searchParams.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const table = chart.getByRole('table', { name: `Subscription Activity, ${day(-9)} to ${day(0)}` });
    await expect.poll(() => table.getByRole('row').count()).toBe(11);
    await expect.poll(() => chart.textContent()).toContain('By day, whole days.');
    await page.screenshot({ path: '.tmp/screens/dashboard-custom-range-1280.png' });
  });

  it('downloads a chart as CSV and PNG and shows its rows as a table', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 }, at: '/admin' });
    await drawn(page, 'subscription-activity-trend');
    const chart = card(page, 'subscription-activity-trend');
    const menu = chart.getByRole('button', { name: 'Subscription Activity: download or show as a table' });

    await menu.click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^subscription-activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await csv.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Month,New Orders,21-Day Returns,Cancellations,Net Subscriptions,So far');
    // Past Year: one line per month, this month's last, as drawn, each month with its year; only this month is "so far".
    expect(lines).toHaveLength(13);
    expect(lines.at(-1)).toMatch(/^\d{4}-\d{2},4,1,.*,yes$/);
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/,$/);

    await menu.click();
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download PNG' }).click(),
    ]);
    expect(
      fs
        .readFileSync((await png.path())!)
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    // The table is there for screen readers all along, and on screen once asked for.
    const table = chart.getByRole('table', { name: 'Subscription Activity, Past Year' });
    expect(await table.count()).toBe(1);
    await menu.click();
    await page.getByRole('menuitem', { name: 'Show data table' }).click();
    await expect.poll(() => table.isVisible()).toBe(true);
    expect(await table.getByRole('row').count()).toBe(13);
    await page.screenshot({ path: '.tmp/screens/dashboard-chart-table-1280.png' });

    // A value opens the rows it counts: this month's 4 orders.
    await table.getByRole('row').last().getByRole('link', { name: '4', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/subscriptions');
    const address = new URL(page.url());
    expect(address.searchParams.get('needsReason')).toBe('0');
    expect(address.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    await expect.poll(() => page.getByRole('table').first().locator('tbody tr').count()).toBe(4);
  });

  it('fits a phone screen, with no request answered 404 (the icon included) and no router warning', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 375, height: 812 } });
    const missing: string[] = [];
    const warnings: string[] = [];
    page.on('response', (res) => void (res.status() === 404 && missing.push(res.url())));
    page.on('console', (msg) => void (msg.type() === 'warning' && warnings.push(msg.text())));
    await page.goto('/admin');
    await drawn(page, 'subscription-activity-trend');
    const legend = card(page, 'subscription-activity-trend').getByRole('group', { name: /Series of/ });
    expect(await legend.getByRole('button', { name: 'Net Subscriptions' }).isVisible()).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    expect(await page.locator('link[rel="icon"]').count()).toBe(1);
    // The figures' four ranges are a select here, every one within reach; the header fits one line.
    await page.getByRole('combobox', { name: 'Range of the figures' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual([
      'Last 30 days',
      'This month',
      'This year',
      'Custom',
    ]);
    await page.keyboard.press('Escape');
    const title = await page.getByRole('heading', { name: 'Back Office' }).boundingBox();
    expect(title!.height).toBeLessThan(32);
    expect(missing).toEqual([]);
    expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
    await page.screenshot({ path: '.tmp/screens/dashboard-375.png' });
  });

  it('follows a dark system setting, charts included, and switches with the header button', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 } });
    await page.emulateMedia({ colorScheme: 'dark' });
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    // Dark before the app's code runs: the page never flashes white (its code held back here to show it).
    await page.route('**/admin/assets/*.js', (route) => route.abort());
    await page.goto('/admin');
    expect(await scheme()).toBe('dark');
    await page.unroute('**/admin/assets/*.js');
    await page.goto('/admin');
    await drawn(page, 'subscription-activity-trend');
    expect(await scheme()).toBe('dark');
    const background = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('[data-chart]')!).backgroundColor);
    expect(await background()).not.toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: '.tmp/screens/dashboard-dark-1280.png' });

    // System → dark → light: the choice is kept over the system's.
    await page.getByRole('button', { name: /Colour scheme: system/ }).click();
    await page.getByRole('button', { name: /Colour scheme: dark/ }).click();
    expect(await scheme()).toBe('light');
    await drawn(page, 'subscription-activity-trend');
    expect(await background()).toBe('rgb(255, 255, 255)');
    await page.reload();
    await drawn(page, 'subscription-activity-trend');
    expect(await scheme()).toBe('light');
  });
});
