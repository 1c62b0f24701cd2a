import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';
import { createCustomer, createDevice, createSupplier } from '../src/server/seed/factories';
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
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 } });
    await page.goto('/admin/devices');
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
});
