import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { inEachScheme, startE2E, type E2E } from './support/harness';
import { createCancellation, createDevice, createEquipment, createSubscription } from '../src/server/test/factories';
import { createProspect } from '../src/server/test/factories/prospect';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** How many lines an element's text takes on screen. */
const linesOf = (element: Locator) =>
  element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    // Boxes of one line may differ in their top by a pixel or two: a new line starts half a line lower.
    let lines = 0;
    let top = -Infinity;
    for (const rect of rects.sort((x, y) => x.top - y.top))
      if (rect.top - top > rect.height / 2) {
        lines++;
        top = rect.top;
      }
    return lines;
  });

/** Whether a pill shows its whole label: on one line, nothing cut off. */
const pillWhole = (pill: Locator) =>
  pill.evaluate((el) => {
    const root = el.closest('.mantine-Badge-root') ?? el;
    return el.scrollWidth <= el.clientWidth && root.getBoundingClientRect().height < 30;
  });

const bodyRows = (page: Page, caption: string) => page.getByRole('table', { name: caption }).locator('tbody tr');

describe('lists that fit their columns', () => {
  it('keeps phone numbers, carriers and status pills on one line at 1280 px, light and dark, and gives an empty column no space', async () => {
    const device = await createDevice(e.db, { phone: '6155550142', deviceStatusId: 2 });
    const subscription = await createSubscription(e.db, { carrierId: 3, deviceId: device.id });
    // Cancelled with no reason yet: in both lists' needs-a-reason queue.
    await createCancellation(e.db, { subscriptionId: subscription.id });
    const { page } = await e.signedInPage({ role: 'operations', viewport: { width: 1280, height: 900 } });

    for (const [path, caption] of [
      ['/admin/subscriptions', 'Subscriptions'],
      ['/admin/subscription-cancellations', 'Cancellations'],
    ] as const) {
      await page.goto(path);
      const row = page
        .getByRole('table', { name: caption })
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: `#${subscription.id}` }) });
      await row.waitFor();
      await inEachScheme(page, async (scheme) => {
        await page.screenshot({ path: `.tmp/screens/lists-columns-${caption.toLowerCase()}-1280-${scheme}.png` });
        expect(await linesOf(row.getByText('(615) 555-0142', { exact: true }))).toBe(1);
        expect(await linesOf(row.getByText('T-Mobile', { exact: true }))).toBe(1);
        const pill = row.locator('.mantine-Badge-label').first();
        expect(await linesOf(pill)).toBe(1);
        expect(await pillWhole(pill)).toBe(true);
      });
    }

    await page.goto(`/admin/devices?q=${device.imei}`);
    const deviceRow = bodyRows(page, 'Devices').filter({ hasText: device.imei! });
    await deviceRow.waitFor();
    await inEachScheme(page, async () => {
      const status = deviceRow.locator('.mantine-Badge-label', { hasText: 'Pending Activation' });
      expect(await linesOf(status)).toBe(1);
      expect(await pillWhole(status)).toBe(true);
      expect(await linesOf(deviceRow.getByText(device.imei!, { exact: true }))).toBe(1);
    });

    // Active subscriptions have no cancellation to give a reason for: the column takes no space.
    await createSubscription(e.db);
    await page.goto(`/admin/subscriptions?needsReason=0&status=active`);
    await bodyRows(page, 'Subscriptions').first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Cancellation reason' }).count()).toBe(0);
    await page.goto('/admin/subscriptions');
    await page.getByRole('columnheader', { name: 'Cancellation reason' }).waitFor();
  });
});

describe('lists as cards on a phone', () => {
  it('shows a field rep their prospects as cards at 375 px, light and dark: the first on screen, nothing scrolling sideways', async () => {
    const { page, user } = await e.signedInPage({
      role: 'field-rep',
      isRep: true,
      viewport: { width: 375, height: 740 },
    });
    for (let i = 0; i < 3; i++)
      await createProspect(e.db, { repId: user.id, name: `Card Prospect ${i}`, address: '1402 Long Branch Road' });
    await page.goto('/admin/prospects');
    const cards = page.getByRole('list', { name: 'Prospect visits, newest first' }).getByRole('listitem');
    const first = cards.first();
    await first.getByRole('link', { name: 'Card Prospect 2' }).waitFor();
    await inEachScheme(page, async (scheme) => {
      await page.screenshot({ path: `.tmp/screens/lists-cards-prospects-375-${scheme}.png` });
      expect(await page.getByRole('table').count()).toBe(0);
      await first.getByText('Visited').waitFor();
      const box = await first.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(740);
      expect(box!.x).toBeGreaterThanOrEqual(0);
      const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    // The filters, folded away on a phone, open from their button and still narrow the cards.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Card Prospect 1');
    await expect.poll(() => cards.count()).toBe(1);
    await inEachScheme(page, async (scheme) => {
      await page.screenshot({ path: `.tmp/screens/lists-cards-filters-375-${scheme}.png` });
    });
  });
});

describe('page size', () => {
  it('shows 50 rows a page once chosen, in the address, after a reload and in a saved view', async () => {
    for (let i = 0; i < 60; i++) await createDevice(e.db);
    const { page } = await e.signedInPage({
      role: 'operations',
      viewport: { width: 1280, height: 900 },
      at: '/admin/devices',
    });
    const rows = bodyRows(page, 'Devices');
    await expect.poll(() => rows.count()).toBe(25);
    const size = page.getByRole('combobox', { name: 'Rows per page' });
    await size.selectOption('50');
    await page.waitForURL((url) => url.searchParams.get('perPage') === '50');
    await expect.poll(() => rows.count()).toBe(50);
    await page.screenshot({ path: '.tmp/screens/lists-page-size-1280.png', fullPage: true });

    await page.reload();
    await expect.poll(() => rows.count()).toBe(50);
    expect(await size.inputValue()).toBe('50');

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save this view…' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Fifty devices');
    await page.getByRole('dialog').getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goto('/admin/devices');
    await expect.poll(() => rows.count()).toBe(25);
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Fifty devices' }).click();
    await page.waitForURL((url) => url.searchParams.get('perPage') === '50');
    await expect.poll(() => rows.count()).toBe(50);

    // A size the lists do not offer, typed into the address, shows the default.
    await page.goto('/admin/devices?perPage=30');
    await expect.poll(() => rows.count()).toBe(25);
    expect(await size.inputValue()).toBe('25');
  });
});

describe('sorting', () => {
  it('sorts a tab of equipment by the time its phones came into it, from its heading, kept in the address', async () => {
    const at = (year: number) => new Date(Date.UTC(year, 0, 1));
    // Made oldest in the tab last, so that the newest first (by id) and the sorted orders differ.
    const made = [];
    for (const year of [2040, 2039, 2038])
      made.push(await createEquipment(e.db, { state: 'hold', updatedAt: at(year) }));
    const { page } = await e.signedInPage({
      role: 'operations',
      viewport: { width: 1280, height: 900 },
      at: '/admin/equipment',
    });
    const rows = bodyRows(page, 'Equipment Hold equipment');
    const firstImeis = async () => (await rows.locator('td a').allTextContents()).slice(0, 3);
    await expect.poll(firstImeis).toEqual(made.map((m) => m.imei).reverse());

    const since = page.getByRole('columnheader', { name: /Since/ });
    expect(await since.getAttribute('aria-sort')).toBe('none');
    await since.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-updatedAt');
    await expect.poll(firstImeis).toEqual(made.map((m) => m.imei));
    expect(await since.getAttribute('aria-sort')).toBe('descending');
    await page.screenshot({ path: '.tmp/screens/lists-sort-equipment-1280.png' });

    await page.reload();
    await expect.poll(firstImeis).toEqual(made.map((m) => m.imei));
  });
});
