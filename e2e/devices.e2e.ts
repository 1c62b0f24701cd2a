import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page, Response } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';
import { devices, deviceSwaps, equipment, subscriptions } from '../src/server/db/schema';
import {
  createCustomer,
  createDevice,
  createLoaner,
  createProduct,
  createSubscription,
} from '../src/server/test/factories';

let e: E2E;
let page: Page;
beforeAll(async () => {
  e = await startE2E();
  ({ page } = await e.signedInPage({ name: 'Dana Devices' }));
});
afterAll(() => e?.close());

const deviceRow = async (id: number) => (await e.db.select().from(devices).where(eq(devices.id, id)))[0];
const takenFrom = (id: number) => e.db.select().from(equipment).where(eq(equipment.fromDeviceId, id));

async function phone(price: string, model: string) {
  const product = await createProduct(e.db, { model, price });
  return createDevice(e.db, { productId: product.id, imei: `3566${String(product.id).padStart(11, '0')}` });
}

async function openDevice(id: number) {
  await page.goto(`/admin/devices/${id}`);
  await page.getByRole('heading', { name: `Device ${id}` }).waitFor();
}

/** Clicks an action, checks the exact confirmation text, declines, then (unless told not to) confirms. */
async function act(label: string, text: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expect.poll(() => dialog.getByText(text, { exact: true }).isVisible()).toBe(true);
  return dialog;
}

async function decline() {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function confirm(label: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('device actions from the detail page', () => {
  it('shows the device clearly at 1280 and 375 px', async () => {
    const device = await phone('199.00', 'Pixel Screens');
    const customer = await createCustomer(e.db, { name: 'Riley Screens' });
    await createSubscription(e.db, { deviceId: device.id, customerId: customer.id });
    await openDevice(device.id);
    await expect.poll(() => page.getByTestId('device-status').textContent()).toBe('Deployed');
    await expect.poll(() => page.getByText('Pixel Screens').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Riley Screens', { exact: false }).first().isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'History', level: 2 }).isVisible()).toBe(true);
    // On an active subscription the device cannot be separated or deleted: those actions are not offered.
    await expect.poll(() => page.getByRole('button', { name: 'Delete device', exact: true }).count()).toBe(0);
    await expect
      .poll(() =>
        page
          .getByText(
            `Device ${device.id} is assigned to an active subscription. Move the line to another device first.`,
          )
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.screenshot({ path: '.tmp/screens/device-detail-1280.png', fullPage: true });
    const { page: narrow } = await e.signedInPage({
      viewport: { width: 375, height: 800 },
      at: `/admin/devices/${device.id}`,
    });
    await narrow.getByRole('heading', { name: `Device ${device.id}` }).waitFor();
    await narrow.getByRole('button', { name: 'Unassign Equipment' }).waitFor();
    const width = await narrow.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await narrow.screenshot({ path: '.tmp/screens/device-detail-375.png', fullPage: true });
    await narrow.close();
  });

  it('unassigns equipment after the exact confirmation; declining changes nothing', async () => {
    const device = await phone('199.00', 'Moto Unassign');
    await openDevice(device.id);
    await act(
      'Unassign Equipment',
      'Alert! This will convert the device to a SIM Only and its status will be available. This Moto Unassign and its IMEI will be moved to unbuilt equipment. Are you sure?',
    );
    await decline();
    expect(await deviceRow(device.id)).toEqual(device);
    await act(
      'Unassign Equipment',
      'Alert! This will convert the device to a SIM Only and its status will be available. This Moto Unassign and its IMEI will be moved to unbuilt equipment. Are you sure?',
    );
    await confirm('Unassign Equipment');
    await expect.poll(() => page.getByTestId('device-status').textContent()).toBe('Available / In Service');
    await expect.poll(() => page.getByText('SIM Only: no phone is built into this device.').isVisible()).toBe(true);
    expect(await takenFrom(device.id)).toMatchObject([{ state: 'unbuilt', imei: device.imei }]);
    await expect.poll(() => page.getByText('Unassigned equipment').isVisible()).toBe(true);
    // The page now offers only what applies to a SIM Only.
    await expect.poll(() => page.getByRole('button', { name: 'Unassign Equipment', exact: true }).count()).toBe(0);
  });

  it('removes equipment with the exact §5 text', async () => {
    const device = await phone('199.00', 'Galaxy Remove');
    await openDevice(device.id);
    await act(
      'Remove equipment',
      'Alert! This will convert the device to an available SIM Only and remove a model out of QB inventory. Only proceed if we are never getting this equipment back. Are you sure?',
    );
    await confirm('Remove equipment');
    await expect.poll(async () => (await deviceRow(device.id))?.imei).toBeNull();
    expect(await takenFrom(device.id)).toEqual([]);
    await expect.poll(() => page.getByTestId('device-status').textContent()).toBe('Available / In Service');
  });

  it('converts to SIM Only with blacklist hold', async () => {
    const device = await phone('199.00', 'iPhone Blacklist');
    await openDevice(device.id);
    await act(
      'Convert to SIM Only with blacklist hold',
      'Alert! This will convert the device to a SIM Only and DELETE the line. This iPhone Blacklist will be put on blacklist hold. Are you sure?',
    );
    await decline();
    expect(await deviceRow(device.id)).toEqual(device);
    await act(
      'Convert to SIM Only with blacklist hold',
      'Alert! This will convert the device to a SIM Only and DELETE the line. This iPhone Blacklist will be put on blacklist hold. Are you sure?',
    );
    await confirm('Convert to SIM Only with blacklist hold');
    await expect.poll(() => page.getByTestId('device-status').textContent()).toBe('Blacklist Hold');
    expect(await takenFrom(device.id)).toMatchObject([{ state: 'blacklist_hold' }]);
  });

  it('deletes a line with the text that depends on the price', async () => {
    const cheap = await phone('0.00', 'BYOD Kit');
    await openDevice(cheap.id);
    await act('Delete Line/SIM', 'Alert! This will DELETE a BYOD Kit line. Are you sure?');
    await confirm('Delete Line/SIM');
    await expect.poll(() => page.getByText('Line deleted', { exact: true }).first().isVisible()).toBe(true);
    expect(await deviceRow(cheap.id)).toMatchObject({ imei: cheap.imei });

    const dear = await phone('0.01', 'Penny Phone');
    await openDevice(dear.id);
    await act(
      'Delete Line/SIM',
      'Alert! This will convert a Penny Phone to a SIM Only and DELETE the line. The equipment will be marked as unbuilt. Are you sure?',
    );
    await confirm('Delete Line/SIM');
    await expect.poll(async () => (await takenFrom(dear.id)).map((r) => r.state)).toEqual(['unbuilt']);
    expect(await deviceRow(dear.id)).toMatchObject({ imei: null, productId: null });
  });

  it('separates equipment and goes back to the list, since the device is gone', async () => {
    const device = await phone('199.00', 'Separate Phone');
    await openDevice(device.id);
    await act(
      'Separate Equipment',
      'Alert! This will convert the device to a SIM Only and it will be DELETED IMMEDIATELY. This Separate Phone and its IMEI will be moved to returning equipment. Are you sure?',
    );
    await confirm('Separate Equipment');
    await page.waitForURL((url) => url.pathname === '/admin/devices');
    expect(await deviceRow(device.id)).toBeUndefined();
    expect(await takenFrom(device.id)).toMatchObject([{ state: 'returning' }]);
  });

  it('deletes a device with the warning that depends on the price', async () => {
    const cheap = await phone('0.009', 'Sub Cent');
    await openDevice(cheap.id);
    await act('Delete device', 'Alert! This will DELETE a Sub Cent line. Are you sure? This action is permanent!');
    // No Undo follows a device action, and the dialog says so.
    await page.getByRole('dialog').getByText('This cannot be undone from the back office.').waitFor();
    await decline();
    const dear = await phone('0.02', 'Two Cents');
    await openDevice(dear.id);
    await act(
      'Delete device',
      'Alert! This will DELETE a Two Cents line and remove the item from QB inventory. Are you sure? This action is permanent!',
    );
    // The deleted device's page is not asked for again on the way out.
    const missing: string[] = [];
    const notFound = (res: Response) => void (res.status() === 404 && missing.push(res.url()));
    page.on('response', notFound);
    await confirm('Delete device');
    await page.waitForURL((url) => url.pathname === '/admin/devices');
    await page.getByRole('table').first().waitFor();
    page.off('response', notFound);
    expect(missing).toEqual([]);
    expect(await deviceRow(dear.id)).toBeUndefined();
    expect(await deviceRow(cheap.id)).toEqual(cheap);
  });

  it('shows the first entry of the errors list when the server refuses', async () => {
    const device = await phone('199.00', 'Raced Phone');
    await openDevice(device.id);
    // Another member of staff acts first.
    await e.db.update(devices).set({ imei: null, productId: null }).where(eq(devices.id, device.id));
    await act(
      'Unassign Equipment',
      'Alert! This will convert the device to a SIM Only and its status will be available. This Raced Phone and its IMEI will be moved to unbuilt equipment. Are you sure?',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Unassign Equipment', exact: true }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('alert').textContent())
      .toBe(`Device ${device.id} is already a SIM Only: it has no equipment to unassign.`);
    await page.screenshot({ path: '.tmp/screens/device-action-refused.png' });
    await decline();
  });
});

describe('devices list', () => {
  it('finds a device by IMEI and opens it', async () => {
    const device = await phone('199.00', 'Listed Phone');
    await page.goto('/admin/devices');
    await page.getByLabel('Search').fill(device.imei!);
    await expect.poll(() => page.getByRole('table', { name: 'Devices' }).getByRole('row').count()).toBe(2);
    await page.screenshot({ path: '.tmp/screens/devices-list-1280.png', fullPage: true });
    await page.getByRole('link', { name: String(device.id), exact: true }).click();
    await page.getByRole('heading', { name: `Device ${device.id}` }).waitFor();
  });
});

describe('move equipment / device replacement', () => {
  it('looks up a SIM, shows the warnings, refuses an unknown SIM, and moves the line to the new device', async () => {
    const current = await phone('199.00', 'Swap Phone');
    const customer = await createCustomer(e.db, { name: 'Sam Swap' });
    const subscription = await createSubscription(e.db, { deviceId: current.id, customerId: customer.id });
    const busy = await createDevice(e.db, { simOnly: true, deviceStatusId: 5 });
    await createSubscription(e.db, { deviceId: busy.id });
    await createLoaner(e.db, { deviceId: busy.id, customerId: (await createCustomer(e.db, { name: 'Lee Loan' })).id });
    const target = await createDevice(e.db, { simOnly: true, deviceStatusId: 4 });

    await openDevice(current.id);
    await page.getByRole('link', { name: 'Move equipment' }).click();
    await page.waitForURL(`**/admin/devices/${current.id}/replace`);
    await page.getByRole('heading', { name: 'Move equipment' }).waitFor();
    const submit = page.getByRole('button', { name: 'Move equipment' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await expect.poll(() => page.getByLabel('Unavailable').isChecked()).toBe(true);

    const sim = page.getByRole('textbox', { name: 'SIM' });
    await sim.fill('0000000');
    await page.getByRole('button', { name: 'Lookup' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('No device was found with SIM 0000000.');
    await expect.poll(() => submit.isDisabled()).toBe(true);

    await sim.fill(busy.sim);
    await page.getByRole('button', { name: 'Lookup' }).click();
    const found = page.getByTestId('found-device');
    await found.waitFor();
    for (const warning of [
      `Device ${busy.id} is listed as Unavailable.`,
      `Device ${busy.id} is assigned to an active subscription.`,
      `Device ${busy.id} is on loan to Lee Loan.`,
    ]) {
      await expect.poll(() => found.getByText(warning, { exact: true }).isVisible()).toBe(true);
    }
    await page.screenshot({ path: '.tmp/screens/device-replace-warnings-1280.png', fullPage: true });

    await sim.fill(target.sim);
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Lookup' }).click();
    await found.getByText(`device ${target.id}`).waitFor();
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await page.waitForURL((url) => url.pathname === `/admin/devices/${target.id}`);
    await page.getByText(`The line moved to device ${target.id}.`).waitFor();
    await page.getByRole('heading', { name: `Device ${target.id}` }).waitFor();
    expect(await deviceRow(target.id)).toMatchObject({ imei: current.imei, productId: current.productId });
    expect(await deviceRow(current.id)).toMatchObject({
      imei: null,
      productId: null,
      unavailable: true,
      deviceStatusId: 4,
    });
    const [sub] = await e.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(sub!.deviceId).toBe(target.id);
    expect(await e.db.select().from(deviceSwaps).where(eq(deviceSwaps.deviceId, current.id))).toHaveLength(1);
  });

  it('works at 375 px and says at once, with Move equipment off, that a device with an IMEI cannot take the phone', async () => {
    const current = await phone('199.00', 'Narrow Swap');
    const withImei = await phone('199.00', 'Has IMEI');
    const { page: narrow } = await e.signedInPage({
      viewport: { width: 375, height: 800 },
      at: `/admin/devices/${current.id}/replace`,
    });
    await narrow.getByRole('textbox', { name: 'SIM' }).fill(withImei.sim);
    await narrow.getByRole('button', { name: 'Lookup' }).click();
    // Among the lookup's warnings, and, since the server would refuse it (the same rule, src/contract/devices.ts),
    // in an alert before anything is sent.
    const imei = narrow.getByText(`Device ${withImei.id} has an existing IMEI. Please correct.`, { exact: true });
    await expect.poll(() => imei.count()).toBe(2);
    const refusal = narrow.getByRole('alert').filter({ hasText: 'This device cannot take the phone and line' });
    expect(await refusal.textContent()).toContain(`Device ${withImei.id} has an existing IMEI. Please correct.`);
    expect(await narrow.getByRole('button', { name: 'Move equipment' }).isDisabled()).toBe(true);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await narrow.screenshot({ path: '.tmp/screens/device-replace-375.png', fullPage: true });
    expect(await deviceRow(current.id)).toEqual(current);
    await narrow.close();
  });
});
