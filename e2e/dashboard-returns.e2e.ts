import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';
import { createCancellation, createDevice, createProduct, createSubscription } from '../src/server/test/factories';

const DAY_MS = 86_400_000;
let e: E2E;
let phone: { id: number };

/** A 21-day return today of a subscription ordered three days ago on a device of `productId`. */
let made = 0;
async function returned(productId: number, returnReasonId: number) {
  const device = await createDevice(e.db, { productId, imei: `35000000000000${++made}` });
  const sub = await createSubscription(e.db, { deviceId: device.id, orderedAt: new Date(Date.now() - 3 * DAY_MS) });
  return createCancellation(e.db, { subscriptionId: sub.id, cancelledAt: new Date(), returnReasonId });
}

beforeAll(async () => {
  e = await startE2E();
  // Drill Phone: two returns for "Changed Mind" (2); Other Phone: one for "Poor Coverage" (1).
  phone = await createProduct(e.db, { model: 'Drill Phone' });
  const other = await createProduct(e.db, { model: 'Other Phone' });
  await returned(phone.id, 2);
  await returned(phone.id, 2);
  await returned(other.id, 1);
});
afterAll(() => e.close());

const card = (page: Page, chart: string) => page.locator(`[data-chart="${chart}"]`);
async function drawn(page: Page, chart: string) {
  await card(page, chart).scrollIntoViewIfNeeded();
  await card(page, chart).locator('[data-drawn="true"]').waitFor({ timeout: 20_000 });
}
const listRows = (page: Page) => page.getByRole('table', { name: 'Cancellations' }).locator('tbody tr');

describe('dashboard return charts', () => {
  it('opens the returns of one return reason and month from a value of the return reasons table', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 }, at: '/admin' });
    await drawn(page, 'subscription-return-reason-trend');
    const chart = card(page, 'subscription-return-reason-trend');
    await chart.getByRole('button', { name: '21-Day Return Reason: download or show as a table' }).click();
    await page.getByRole('menuitem', { name: 'Show data table' }).click();
    const table = chart.getByRole('table', { name: '21-Day Return Reason, Past Year' });
    await table.getByRole('row').last().getByRole('link', { name: '2', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/admin/subscription-cancellations');
    const address = new URL(page.url()).searchParams;
    expect([address.get('type'), address.get('returnReasonId'), address.get('needsReason')]).toEqual([
      'return',
      '2',
      '0',
    ]);
    expect(address.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    await page.getByText('Return reason:').waitFor();
    expect(await page.getByText('Return reason:').innerText()).toBe('Return reason: Changed Mind');
    await expect.poll(() => listRows(page).count()).toBe(2);
    await page.screenshot({ path: '.tmp/screens/cancellations-return-reason-1280.png' });

    await page.getByRole('button', { name: 'Show every return reason' }).click();
    await expect.poll(() => listRows(page).count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('returnReasonId')).toBeNull();
  });

  it('opens the returns of one model from its bar of returns by product', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 }, at: '/admin' });
    await drawn(page, 'return-rate-by-model');
    // Drill Phone, the most returned, is the top bar; its two returns span the whole value axis.
    const box = (await card(page, 'return-rate-by-model').locator('canvas').first().boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 4);

    await page.waitForURL((url) => url.pathname === '/admin/subscription-cancellations');
    const address = new URL(page.url()).searchParams;
    expect([address.get('type'), address.get('productId'), address.get('latestDevices')]).toEqual([
      'return',
      String(phone.id),
      '100',
    ]);
    // The chip names the model once the product names are in (until then it shows the product's id).
    await expect
      .poll(() => page.getByText('Model:').innerText())
      .toBe('Model: Drill Phone, latest 100 deployed devices');
    await expect.poll(() => listRows(page).count()).toBe(2);
    await page.screenshot({ path: '.tmp/screens/cancellations-model-1280.png' });

    await page.getByRole('button', { name: 'Show every model' }).click();
    await expect.poll(() => listRows(page).count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('productId')).toBeNull();
    expect(new URL(page.url()).searchParams.get('latestDevices')).toBeNull();
  });
});
