import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';
import {
  createCancellation,
  createCancellationReason,
  createCredit,
  createRenewal,
  createSubscription,
} from '../src/server/test/factories';
import { TREND_CHARTS } from '../src/charts/dashboard/trends';
import { readPng } from './support/png';

const DAY_MS = 86_400_000;
let e: E2E;

beforeAll(async () => {
  e = await startE2E();
  const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
  // A year and more of orders, some cancelled for one of many reasons, and renewals: every kind of chart has lines.
  const reasons = [];
  for (const name of ['Moved away', 'Too expensive', 'No coverage', 'Switched carrier', 'Deceased', 'Other reason'])
    reasons.push(await createCancellationReason(e.db, { name: `Picture ${name}` }));
  for (let i = 0; i < 60; i++) {
    const sub = await createSubscription(e.db, { orderedAt: ago((i * 7) % 420) });
    if (i % 3 === 0)
      await createCancellation(e.db, {
        subscriptionId: sub.id,
        cancelledAt: ago((i * 5) % 300),
        cancellationReasonId: reasons[i % reasons.length]!.id,
      });
  }
  for (let i = 1; i < 40; i++) await createRenewal(e.db, { renewedAt: ago(i) });
  // Credits due in the next weeks and after them, for Next 4 Weeks.
  for (const [days, amount] of [
    [2, '80.00'],
    [10, '45.50'],
    [24, '120.00'],
    [50, '300.00'],
  ] as const)
    await createCredit(e.db, { amount, dueOn: new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10) });
});
afterAll(() => e.close());

const card = (page: Page, endpoint: string) => page.locator(`[data-chart="${endpoint}"]`);
const drawn = (page: Page, endpoint: string) =>
  card(page, endpoint).locator('[data-drawn="true"]').waitFor({ timeout: 20_000 });
const pictureOf = (chart: string, query = '') =>
  `/admin/api/stats/charts/${chart}/picture.png${query ? `?${query}` : ''}`;

/** The PNG the chart menu downloads, as the page draws it. */
async function downloadedPicture(page: Page, title: string) {
  await page.getByRole('button', { name: `${title}: download or show as a table`, exact: true }).click();
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download PNG' }).click(),
  ]);
  return readPng(fs.readFileSync((await png.path())!));
}

describe('chart pictures drawn by the server', () => {
  for (const [width, scheme] of [
    [1280, 'light'],
    [375, 'dark'],
  ] as const)
    it(`opens a compared chart's picture at its address, saying what the page's own PNG says (${width}, ${scheme})`, async () => {
      const { page } = await e.signedInPage({ role: 'analyst', viewport: { width, height: 900 } });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/admin');
      await drawn(page, 'subscription-activity-trend');
      const chart = card(page, 'subscription-activity-trend');
      await chart.getByRole('switch', { name: 'Compare Subscription Activity with the period before' }).check();
      await chart
        .getByRole('group', { name: 'Series of Subscription Activity' })
        .getByRole('button', { name: 'New Orders (previous)' })
        .waitFor();
      const onPage = await downloadedPicture(page, 'Subscription Activity');

      const opened = await page.goto(pictureOf('subscription-activity-trend', 'view=monthly&compare=1'));
      expect(opened!.status()).toBe(200);
      expect(opened!.headers()['content-type']).toBe('image/png');
      const bytes = await opened!.body();
      fs.writeFileSync(`.tmp/screens/server-picture-subscription-activity-compare-${width}-${scheme}.png`, bytes);
      const picture = readPng(bytes);
      expect(picture.texts.Title).toBe(onPage.texts.Title);
      expect(picture.texts.Description).toBe(onPage.texts.Description);
      expect(picture.texts.Description!.split('\n')).toEqual(
        expect.arrayContaining(['New Orders', 'Net Subscriptions', 'New Orders (previous)']),
      );
      // The browser shows it as an image, twice 960 px wide, scaled into the window.
      const image = page.locator('img');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1920);
      expect(picture.height).toBeGreaterThan((400 + 72) * 2);
      await page.screenshot({ path: `.tmp/screens/server-picture-opened-${width}-${scheme}.png` });
    });

  it('draws 21-day returns by product and Next 4 Weeks saying what the PNG of each chart’s menu says', async () => {
    const { page } = await e.signedInPage({ role: 'analyst', viewport: { width: 1280, height: 900 } });
    await page.goto('/admin');
    for (const [chart, title] of [
      ['return-rate-by-model', '21-day returns by product'],
      ['upcoming-credits', 'Next 4 Weeks'],
    ] as const) {
      await card(page, chart).scrollIntoViewIfNeeded();
      await drawn(page, chart);
      const onPage = await downloadedPicture(page, title);
      const res = await page.request.get(pictureOf(chart));
      expect(res.status(), chart).toBe(200);
      const bytes = await res.body();
      fs.writeFileSync(`.tmp/screens/server-picture-${chart}.png`, bytes);
      const picture = readPng(bytes);
      expect(picture.texts.Title).toBe(title);
      expect(picture.texts.Title).toBe(onPage.texts.Title);
      expect(picture.texts.Description).toBe(onPage.texts.Description);
    }
    // The credits' period line says the remaining credits as the card does.
    const remaining = await card(page, 'upcoming-credits')
      .getByText(/^Remaining Credits: \$/)
      .textContent();
    const credits = readPng(fs.readFileSync('.tmp/screens/server-picture-upcoming-credits.png'));
    expect(credits.texts.Description!.split('\n')[0]).toMatch(new RegExp(` · ${remaining!.replace('$', '\\$')}$`));
  });

  it('has a picture for every trend chart of the dashboard, titled as its card', async () => {
    const { page } = await e.signedInPage({ role: 'analyst', at: '/admin' });
    for (const def of TREND_CHARTS) {
      const res = await page.request.get(pictureOf(def.endpoint));
      expect(res.status(), def.endpoint).toBe(200);
      const bytes = await res.body();
      const { width, texts } = readPng(bytes);
      expect(width).toBe(1920);
      await expect
        .poll(() => card(page, def.endpoint).getByRole('heading', { level: 2 }).textContent())
        .toBe(texts.Title);
      if (['renewals-trend', 'cancellation-reason-trend', 'orders-by-carrier-trend'].includes(def.endpoint))
        fs.writeFileSync(`.tmp/screens/server-picture-${def.endpoint}.png`, bytes);
    }
  });

  it('refuses the picture to a role without the dashboard, and names a chart that does not exist', async () => {
    const { page } = await e.signedInPage({ role: 'field-rep' });
    const refused = await page.goto(pictureOf('subscription-activity-trend'));
    expect(refused!.status()).toBe(403);
    expect(await page.locator('img').count()).toBe(0);

    const { page: analyst } = await e.signedInPage({ role: 'analyst' });
    const missing = await analyst.goto(pictureOf('no-such-trend'));
    expect(missing!.status()).toBe(404);
    expect(await missing!.json()).toEqual({ message: "There is no chart named 'no-such-trend'." });
    const wrong = await analyst.goto(pictureOf('visitor-trend', 'view=yearly&compare=1'));
    expect(wrong!.status()).toBe(422);
    expect((await wrong!.json()).errors).toEqual({ compare: ['Site traffic is not compared in this view.'] });
  });
});
