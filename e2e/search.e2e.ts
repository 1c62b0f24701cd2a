import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support/harness';
import { createCustomer, createDevice } from '../src/server/test/factories';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e.close());

describe('search everywhere', () => {
  it('opens with Ctrl+K, finds a customer by name and opens them with the keyboard; Escape closes it', async () => {
    const c = await createCustomer(e.db, { name: 'Ottoline Palettefinder' });
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 }, at: '/admin/customers' });
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    // Shortcuts work from the page, not while typing in a field.
    const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await blur();
    await page.keyboard.press('Control+K');
    const input = page.getByRole('combobox', { name: 'Search everywhere' });
    await input.waitFor();
    await input.fill('Palettefinder');
    const palette = page.getByRole('dialog');
    await palette.getByText('Ottoline Palettefinder').waitFor();
    await page.screenshot({ path: '.tmp/screens/search-1280.png' });
    await page.keyboard.press('ArrowDown');
    await palette.getByRole('option', { name: /Ottoline Palettefinder/, selected: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/admin/customers/${c.id}`);
    await page.getByRole('heading', { name: 'Ottoline Palettefinder', level: 1 }).waitFor();
    await input.waitFor({ state: 'hidden' });

    await blur();
    await page.keyboard.press('/');
    await input.waitFor();
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });
  });

  it('finds pages by name and a device by its IMEI, at 375 px', async () => {
    const device = await createDevice(e.db);
    const { page } = await e.signedInPage({ viewport: { width: 375, height: 812 }, at: '/admin' });
    await page.getByRole('button', { name: /Search/ }).click();
    const input = page.getByRole('combobox', { name: 'Search everywhere' });
    const palette = page.getByRole('dialog');
    await input.fill('Cancell');
    await palette.getByText('Cancellation reasons').waitFor();
    await input.fill(device.imei!);
    const found = palette.getByText(`Device #${device.id}`, { exact: false });
    await found.waitFor();
    await page.screenshot({ path: '.tmp/screens/search-375.png' });
    await found.click();
    await page.waitForURL(`**/admin/devices/${device.id}`);
    expect(new URL(page.url()).pathname).toBe(`/admin/devices/${device.id}`);
  });

  it('finds a device by the last digits of its IMEI, says when a whole IMEI is mistyped, and starts actions', async () => {
    const device = await createDevice(e.db, { imei: '356938035643809' });
    const { page } = await e.signedInPage({ at: '/admin' });
    await page.getByRole('button', { name: /Search/ }).click();
    const input = page.getByRole('combobox', { name: 'Search everywhere' });
    const palette = page.getByRole('dialog');
    await input.fill('3809');
    await palette.getByText(`Device #${device.id}`, { exact: false }).waitFor();
    await input.fill('356938035643808');
    await palette
      .getByText('This is not a valid IMEI: its last digit does not match the others.', { exact: false })
      .waitFor();
    await page.screenshot({ path: '.tmp/screens/search-mistyped-imei-1280.png' });
    await input.fill('enter parc');
    await palette.getByText('Action').waitFor();
    await palette.getByText('Enter parcel').click();
    await page.waitForURL('**/admin/parcels/create');
  });
});
