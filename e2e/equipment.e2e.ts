import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';
import { equipment } from '../src/server/db/schema';
import { createEquipment, createProduct } from '../src/server/test/factories';

let e: E2E;
let page: Page;
beforeAll(async () => {
  e = await startE2E();
  ({ page } = await e.signedInPage());
});
afterAll(() => e?.close());

const row = async (id: number) => (await e.db.select().from(equipment).where(eq(equipment.id, id)))[0];

describe('equipment page', () => {
  it('marks equipment on hold as received after the exact confirmation; declining changes nothing', async () => {
    const product = await createProduct(e.db, { model: 'Held Phone' });
    const item = await createEquipment(e.db, { state: 'hold', productId: product.id, imei: '356600000000123' });
    await page.goto('/admin/equipment');
    const table = page.getByRole('table', { name: 'Equipment Hold equipment' });
    await table.getByText('356600000000123').waitFor();
    await page.screenshot({ path: '.tmp/screens/equipment-1280.png', fullPage: true });
    const text =
      'If you continue, IMEI 356600000000123 will be removed from equipment hold and moved to unbuilt equipment.';
    await page.getByRole('button', { name: 'Mark as Received: IMEI 356600000000123' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(text, { exact: true }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row(item.id)).toEqual(item);

    await page.getByRole('button', { name: 'Mark as Received: IMEI 356600000000123' }).click();
    await dialog.getByRole('button', { name: 'Mark as Received' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await row(item.id))?.state).toBe('unbuilt');
    await expect.poll(() => table.getByText('356600000000123').count()).toBe(0);
    await page.getByRole('tab', { name: 'Unbuilt' }).click();
    await page.getByRole('table', { name: 'Unbuilt equipment' }).getByText('356600000000123').waitFor();
  });

  it('searches by IMEI and deletes equipment from its page with the permanent warning', async () => {
    const product = await createProduct(e.db, { model: 'Gone Phone' });
    const item = await createEquipment(e.db, { state: 'returning', productId: product.id, imei: '356600000000999' });
    const { page: narrow } = await e.signedInPage({
      viewport: { width: 375, height: 800 },
      at: '/admin/equipment#returning',
    });
    await narrow.getByLabel('Search by IMEI').fill('356600000000999');
    await narrow.waitForURL((url) => url.searchParams.get('q') === '356600000000999');
    await narrow.getByRole('link', { name: '356600000000999' }).click();
    await narrow.getByRole('heading', { name: 'IMEI 356600000000999' }).waitFor();
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await narrow.screenshot({ path: '.tmp/screens/equipment-detail-375.png', fullPage: true });
    await expect.poll(() => narrow.getByRole('button', { name: 'Mark as Received' }).count()).toBe(0);
    await narrow.getByRole('button', { name: 'Delete Equipment' }).click();
    const dialog = narrow.getByRole('dialog');
    await expect
      .poll(() =>
        dialog
          .getByText(
            'Alert! This will remove this Gone Phone (IMEI 356600000000999) from inventory permanently. Are you sure? This action is permanent!',
            { exact: true },
          )
          .isVisible(),
      )
      .toBe(true);
    await dialog.getByRole('button', { name: 'Delete Equipment' }).click();
    await narrow.waitForURL((url) => url.pathname === '/admin/equipment');
    expect(await row(item.id)).toBeUndefined();
    await narrow.close();
  });
});
