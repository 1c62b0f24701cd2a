import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { inEachScheme, startE2E, type E2E } from './support/harness';
import { createCancellation, createCustomer, createSubscription, createSupplier } from '../src/server/test/factories';
import { createProspect } from '../src/server/test/factories/prospect';
import { auditLog, parcels } from '../src/server/db/schema';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const day = (date: string) => new Date(`${date}T12:00:00Z`);

/** Clicks a column's sort button and waits for the address to carry the sort it asks for (none: the default). */
async function sortBy(page: Page, heading: RegExp, sort: string | null) {
  await page.getByRole('columnheader', { name: heading }).getByRole('button').click();
  await page.waitForURL((url) => url.searchParams.get('sort') === sort);
}

/** The texts of a list's cells matching `pattern`, in the order shown. */
const shown = (table: Locator, pattern: RegExp) => async () =>
  (await table.locator('tbody td').allTextContents()).flatMap((text) => text.match(pattern) ?? []);

describe('sorting from the column headings', () => {
  it('sorts subscriptions by cancellation date both ways at 1280 px, light and dark, listing only the cancelled, kept on reload', async () => {
    const customer = await createCustomer(e.db, { name: 'Sorted Subscriber' });
    const made = [];
    for (const date of ['2026-03-02', '2026-03-09', '2026-03-05'])
      made.push(
        await createSubscription(e.db, { customerId: customer.id, status: 'cancelled', cancelledAt: day(date) }),
      );
    const active = await createSubscription(e.db, { customerId: customer.id });
    const { page } = await e.signedInPage({
      role: 'operations',
      viewport: { width: 1280, height: 900 },
      at: `/admin/subscriptions?needsReason=0&q=${customer.id}`,
    });
    const table = page.getByRole('table', { name: 'Subscriptions' });
    const ids = shown(table, /^#\d+/);
    await expect.poll(async () => (await ids()).length).toBe(4);

    const byDate = [made[1]!, made[2]!, made[0]!].map((s) => `#${s.id}`);
    await sortBy(page, /Cancelled/, '-cancelledAt');
    await inEachScheme(page, async (scheme) => {
      await expect.poll(ids).toEqual(byDate);
      expect(await page.getByRole('columnheader', { name: /Cancelled/ }).getAttribute('aria-sort')).toBe('descending');
      await page.getByText('Sorted by cancellation date: only cancelled subscriptions are listed.').waitFor();
      expect(await ids()).not.toContain(`#${active.id}`);
      await page.screenshot({ path: `.tmp/screens/sorts-subscriptions-cancelled-1280-${scheme}.png` });
    });

    await sortBy(page, /Cancelled/, 'cancelledAt');
    await expect.poll(ids).toEqual([...byDate].reverse());
    await page.reload();
    await expect.poll(ids).toEqual([...byDate].reverse());
  });

  it('sorts prospects by name, parcels by weight and suppliers by date added, each both ways, kept in a saved view', async () => {
    const word = 'Headingsort';
    for (const name of ['Mills', 'abbott', 'Zane']) await createProspect(e.db, { name: `${name} ${word}` });
    const customer = await createCustomer(e.db);
    for (const weight of ['12.5', '990.1', '0.3'])
      await e.db
        .insert(parcels)
        .values({ customerId: customer.id, direction: 'to_customer', length: '1', width: '1', height: '1', weight });
    for (const [name, date] of [
      ['Middle', '2026-02-10'],
      ['Oldest', '2026-01-10'],
      ['Newest', '2026-03-10'],
    ] as const)
      await createSupplier(e.db, { name: `${name} ${word}`, createdAt: day(date) });
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 } });

    await page.goto(`/admin/prospects?q=${word}`);
    const prospects = shown(page.getByRole('table', { name: 'Prospect visits, newest first' }), /^\w+ Headingsort/);
    await expect.poll(async () => (await prospects()).length).toBe(3);
    await sortBy(page, /Prospect/, 'name');
    await expect.poll(prospects).toEqual([`abbott ${word}`, `Mills ${word}`, `Zane ${word}`]);
    await sortBy(page, /Prospect/, '-name');
    await expect.poll(prospects).toEqual([`Zane ${word}`, `Mills ${word}`, `abbott ${word}`]);
    await page.screenshot({ path: '.tmp/screens/sorts-prospects-name-1280.png' });

    await page.goto('/admin/parcels');
    const weights = shown(page.getByRole('table', { name: 'Parcels' }), /^\d+\.\d$/);
    await sortBy(page, /Weight/, '-weight');
    await expect.poll(async () => (await weights())[0]).toBe('990.1');
    await sortBy(page, /Weight/, 'weight');
    await expect.poll(async () => (await weights())[0]).toBe('0.3');

    await page.goto(`/admin/suppliers?q=${word}`);
    const suppliers = shown(page.getByRole('table', { name: 'Suppliers' }), /^\w+ Headingsort/);
    // Newest added first is the list's order: the heading says so, and its click reverses it.
    await expect.poll(suppliers).toEqual(['Newest', 'Middle', 'Oldest'].map((n) => `${n} ${word}`));
    expect(await page.getByRole('columnheader', { name: /Added/ }).getAttribute('aria-sort')).toBe('descending');
    await sortBy(page, /Added/, 'createdAt');
    await expect.poll(suppliers).toEqual(['Oldest', 'Middle', 'Newest'].map((n) => `${n} ${word}`));
    await page.screenshot({ path: '.tmp/screens/sorts-suppliers-added-1280.png' });

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save this view…' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Suppliers oldest first');
    await page.getByRole('dialog').getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goto('/admin/suppliers');
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Suppliers oldest first' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'createdAt');
    await expect.poll(suppliers).toEqual(['Oldest', 'Middle', 'Newest'].map((n) => `${n} ${word}`));
  });

  it('reads the audit log oldest first from its Time heading at 1280 px, light and dark, and back to newest first', async () => {
    const author = await e.createUser({ name: 'Log Author' });
    for (const [entityId, date] of [
      [901, '2026-01-05'],
      [903, '2026-01-07'],
      [902, '2026-01-06'],
    ] as const)
      await e.db.insert(auditLog).values({
        userId: author.id,
        action: 'supplier.updated',
        entityType: 'supplier',
        entityId,
        createdAt: day(date),
      });
    const { page } = await e.signedInPage({
      viewport: { width: 1280, height: 900 },
      at: `/admin/audit?userId=${author.id}`,
    });
    const records = shown(page.getByRole('table', { name: 'Audit log' }), /Supplier 90\d/g);
    await expect.poll(records).toEqual(['Supplier 903', 'Supplier 902', 'Supplier 901']);

    await sortBy(page, /Time/, 'createdAt');
    await inEachScheme(page, async (scheme) => {
      await expect.poll(records).toEqual(['Supplier 901', 'Supplier 902', 'Supplier 903']);
      await page.getByText(/oldest first, 50 a page/).waitFor();
      expect(await page.getByRole('columnheader', { name: /Time/ }).getAttribute('aria-sort')).toBe('ascending');
      await page.screenshot({ path: `.tmp/screens/sorts-audit-oldest-first-1280-${scheme}.png` });
    });

    await sortBy(page, /Time/, null);
    await expect.poll(records).toEqual(['Supplier 903', 'Supplier 902', 'Supplier 901']);
  });
});

describe('lists as cards on a phone', () => {
  it('shows cancellations, subscriptions and suppliers as cards at 375 px, light and dark, a card keeping its checkbox', async () => {
    const customer = await createCustomer(e.db, { name: 'Card Customer' });
    const subscription = await createSubscription(e.db, {
      customerId: customer.id,
      status: 'cancelled',
      cancelledAt: day('2026-04-01'),
    });
    const cancellation = await createCancellation(e.db, { subscriptionId: subscription.id });
    await createSupplier(e.db, { name: 'Card Supplier' });
    const { page } = await e.signedInPage({ role: 'operations', viewport: { width: 375, height: 740 } });
    const noSidewaysScroll = () => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth <= 0);

    await page.goto(`/admin/subscription-cancellations?q=${customer.id}`);
    const card = page
      .getByRole('list', { name: 'Cancellations' })
      .getByRole('listitem')
      .filter({ hasText: `#${subscription.id}` });
    const checkbox = card.getByRole('checkbox', { name: `Choose cancellation ${cancellation.id}` });
    await checkbox.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await checkbox.check();
    await page.getByRole('region', { name: 'Actions for the chosen rows' }).waitFor();
    await inEachScheme(page, async (scheme) => {
      expect(await noSidewaysScroll()).toBe(true);
      await page.screenshot({ path: `.tmp/screens/sorts-cards-cancellations-375-${scheme}.png` });
    });

    await page.goto(`/admin/subscriptions?needsReason=0&q=${customer.id}`);
    await page
      .getByRole('list', { name: 'Subscriptions' })
      .getByRole('listitem')
      .getByRole('link', { name: `#${subscription.id}` })
      .waitFor();
    await inEachScheme(page, async () => expect(await noSidewaysScroll()).toBe(true));
    // The headings are not shown: the sort is chosen above the cards.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('-cancelledAt');
    await page.waitForURL((url) => url.searchParams.get('sort') === '-cancelledAt');
    await page.getByRole('list', { name: 'Subscriptions' }).getByText(`#${subscription.id}`).waitFor();
    await inEachScheme(page, async (scheme) => {
      await page.screenshot({ path: `.tmp/screens/sorts-cards-subscriptions-375-${scheme}.png` });
    });

    await page.goto('/admin/suppliers');
    await page
      .getByRole('list', { name: 'Suppliers' })
      .getByRole('listitem')
      .filter({ hasText: 'Card Supplier' })
      .waitFor();
    await inEachScheme(page, async (scheme) => {
      expect(await noSidewaysScroll()).toBe(true);
      await page.screenshot({ path: `.tmp/screens/sorts-cards-suppliers-375-${scheme}.png` });
    });
  });
});
