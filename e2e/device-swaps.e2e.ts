import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';
import { createCustomer, createDevice, createSupplier } from '../src/server/test/factories';
import { deviceSwaps } from '../src/server/db/schema';

let e: E2E;
let acme: { id: number };

beforeAll(async () => {
  e = await startE2E();
  // Acme Swaps: two swaps today; Beta Swaps: one.
  acme = await createSupplier(e.db, { name: 'Acme Swaps' });
  const beta = await createSupplier(e.db, { name: 'Beta Swaps' });
  const customer = await createCustomer(e.db, { name: 'Swapping Customer' });
  for (const supplierId of [acme.id, acme.id, beta.id]) {
    const [from, to] = [await createDevice(e.db), await createDevice(e.db)];
    await e.db
      .insert(deviceSwaps)
      .values({ deviceId: from.id, newDeviceId: to.id, supplierId, customerId: customer.id, swappedAt: new Date() });
  }
});
afterAll(() => e.close());

const listRows = (page: Page) => page.getByRole('table', { name: 'Device swaps' }).locator('tbody tr');

describe('device swaps', () => {
  it('lists every swap from the Devices page, with links to both devices and the customer', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 }, at: '/admin/devices' });
    await page.getByRole('link', { name: 'Device swaps' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/device-swaps');
    await expect.poll(() => listRows(page).count()).toBe(3);
    const first = listRows(page).first();
    expect(await first.getByRole('link').allInnerTexts()).toEqual([
      expect.stringMatching(/^Device #\d+$/),
      expect.stringMatching(/^Device #\d+$/),
      expect.stringMatching(/^Swapping Customer \(#\d+\)$/),
    ]);
    await page.screenshot({ path: '.tmp/screens/device-swaps-1280.png' });
  });

  it("opens one supplier's swaps of a month from a value of the swaps by supplier table", async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 }, at: '/admin' });
    const chart = page.locator('[data-chart="swaps-by-supplier-trend"]');
    await chart.scrollIntoViewIfNeeded();
    await chart.locator('[data-drawn="true"]').waitFor({ timeout: 20_000 });
    await chart.getByRole('button', { name: 'Device swaps by supplier: download or show as a table' }).click();
    await page.getByRole('menuitem', { name: 'Show data table' }).click();
    const table = chart.getByRole('table', { name: 'Device swaps by supplier, Past Year' });
    // This month's row: Acme Swaps 2, Beta Swaps 1.
    await table.getByRole('row').last().getByRole('link', { name: '2', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/admin/device-swaps');
    const address = new URL(page.url()).searchParams;
    expect(address.get('supplierId')).toBe(String(acme.id));
    expect(address.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(address.get('to')).toMatch(/^\d{4}-\d{2}-(28|29|30|31)$/);
    // The chip names the supplier once the supplier names are in (until then it says the name is loading).
    await expect.poll(() => page.getByText('Supplier:').innerText()).toBe('Supplier: Acme Swaps');
    await expect.poll(() => listRows(page).count()).toBe(2);
    await page.screenshot({ path: '.tmp/screens/device-swaps-supplier-1280.png' });

    await page.getByRole('button', { name: 'Show every supplier' }).click();
    await expect.poll(() => listRows(page).count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('supplierId')).toBeNull();
  });

  it('says the supplier is loading while its name is on its way, never a stand-in id', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 } });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/admin/api/suppliers/names', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/admin/device-swaps?supplierId=${acme.id}`);
    await page.getByLabel('Loading the supplier').waitFor();
    expect(await page.getByText(`Supplier ${acme.id}`, { exact: true }).count()).toBe(0);
    await page.screenshot({ path: '.tmp/screens/device-swaps-supplier-loading-1280.png' });
    release();
    await expect.poll(() => page.getByText('Supplier:').innerText()).toBe('Supplier: Acme Swaps');
  });
});
