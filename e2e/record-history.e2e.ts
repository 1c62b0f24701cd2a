import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { inEachScheme, startE2E, type E2E } from './support/harness';
import { createDevice, createProduct, createSupplier } from '../src/server/test/factories';

let e: E2E;

/** How far a table's scrolling box would scroll sideways: a table that fits its place has nothing to scroll. */
const sidewaysScroll = (table: Locator) =>
  table.evaluate((t) => {
    const box = t.closest('[tabindex="0"]')!;
    return box.scrollWidth - box.clientWidth;
  });
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe("a record's history", () => {
  it.each([1280, 375])(
    'reads like the audit log at %i px, light and dark: the changed field as old → new, its undo with it',
    async (width) => {
      const original = `Historic Mobile ${width}`;
      const mistaken = `Mistaken Mobile with a name long enough to wrap ${width}`;
      const s = await createSupplier(e.db, { name: original, contactName: 'Hal Contact' });
      const { page } = await e.signedInPage({
        role: 'operations',
        name: 'Hedda Historian',
        viewport: { width, height: 900 },
      });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/admin/suppliers/${s.id}/edit`);
      const name = page.getByRole('textbox', { name: /^Name/ });
      await expect.poll(() => name.inputValue()).toBe(original);
      await name.fill(mistaken);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL('**/admin/suppliers');
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await page.getByText(`Supplier ${original} is back as it was.`).waitFor();

      await page.goto(`/admin/suppliers/${s.id}/edit`);
      const history = page.getByRole('table', { name: 'History' });
      const change = history.getByRole('row').filter({ hasText: 'Undone by' });
      const text = () => change.textContent();
      await expect.poll(text).toContain(`Name: ${original} → ${mistaken}`);
      await expect.poll(text).toMatch(/Undone by Hedda Historian \d/);
      await expect.poll(text).toContain(`Name: ${mistaken} → ${original}`);
      // Only what changed: the contact, the same before and after, is not listed.
      expect(await text()).not.toContain('Contact name');
      // The undo is part of the change, not rows of its own (the supplier was made with no entry).
      await expect.poll(() => history.locator('tbody tr').count()).toBe(1);
      expect(await history.getByText('change.reverted').count()).toBe(0);
      expect(await history.getByText(/^\{/).count()).toBe(0);
      // Long values wrap within their cell, and the table fits the window.
      const cut = await change
        .getByRole('listitem')
        .evaluateAll((items) => items.filter((li) => li.scrollWidth > li.clientWidth + 1).length);
      expect(cut).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await sidewaysScroll(history)).toBeLessThanOrEqual(1);
      await history.scrollIntoViewIfNeeded();
      await inEachScheme(page, async (scheme) => {
        await page.screenshot({ path: `.tmp/screens/record-history-${width}-${scheme}.png`, fullPage: true });
      });
    },
  );

  it.each([1280, 375])(
    'shows a device action and the equipment it took out as one change naming both, in each history and the log, at %i px',
    async (width) => {
      const model = `Moto History ${width}`;
      const product = await createProduct(e.db, { model, price: '199.00' });
      const device = await createDevice(e.db, {
        productId: product.id,
        imei: `3577${String(product.id).padStart(11, '0')}`,
      });
      const { page } = await e.signedInPage({ name: 'Gus Grouper', viewport: { width, height: 900 } });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/admin/devices/${device.id}`);
      await page.getByRole('button', { name: 'Unassign Equipment', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Unassign Equipment', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('device-status').textContent()).toBe('Available / In Service');

      // The device's history: one row, the equipment it took out named and linked.
      const deviceHistory = page.getByRole('table', { name: 'History' });
      const equipmentLink = deviceHistory.getByRole('link', { name: `${model} · IMEI ${device.imei}` });
      await equipmentLink.waitFor();
      await expect.poll(() => deviceHistory.locator('tbody tr').count()).toBe(1);
      await expect.poll(() => deviceHistory.textContent()).toMatch(/Unassigned equipment.*Taken out of a device/);
      expect(await deviceHistory.textContent()).toContain('Status: Deployed → Available / In Service');
      // The history fits the column the page gives it, beside the actions or under them: nothing to scroll sideways.
      expect(await sidewaysScroll(deviceHistory)).toBeLessThanOrEqual(1);
      await deviceHistory.scrollIntoViewIfNeeded();
      await inEachScheme(page, async (scheme) => {
        await page.screenshot({ path: `.tmp/screens/history-device-action-${width}-${scheme}.png`, fullPage: true });
      });

      // The equipment's history: the same change, the device it came from named.
      await equipmentLink.click();
      await page.getByRole('heading', { name: `IMEI ${device.imei}` }).waitFor();
      const equipmentHistory = page.getByRole('table', { name: 'History' });
      await equipmentHistory.getByRole('link', { name: `SIM Only · SIM ${device.sim}` }).waitFor();
      await expect.poll(() => equipmentHistory.locator('tbody tr').count()).toBe(1);
      await expect.poll(() => equipmentHistory.textContent()).toMatch(/Taken out of a device.*Unassigned equipment/);

      // The log filtered by the equipment finds the change: one row naming both records.
      const equipmentId = new URL(page.url()).pathname.split('/').at(-1);
      await page.goto(`/admin/audit?entityType=equipment&entityId=${equipmentId}`);
      const log = page.getByRole('table', { name: 'Audit log' });
      await log
        .getByRole('link', { name: `SIM Only · SIM ${device.sim}` })
        .first()
        .waitFor();
      await expect.poll(() => log.locator('tbody tr').count()).toBe(1);
      expect(await log.getByRole('link', { name: `${model} · IMEI ${device.imei}` }).count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await inEachScheme(page, async (scheme) => {
        await page.screenshot({ path: `.tmp/screens/audit-log-two-records-${width}-${scheme}.png`, fullPage: true });
      });
    },
  );
});
