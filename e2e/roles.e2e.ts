import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inEachScheme, sidebarOnScreen, startE2E, type E2E } from './support/harness';
import {
  createCustomer,
  createDevice,
  createProduct,
  createSubscription,
  createSupplier,
} from '../src/server/test/factories';
import { createProspect } from '../src/server/test/factories/prospect';

const NO_PERMISSION = 'You do not have permission to see this page.';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('what each role is offered', () => {
  it('shows an analyst a device without its actions and the suppliers without adding or editing', async () => {
    const product = await createProduct(e.db, { model: 'Pixel Roles', price: '199.00' });
    const device = await createDevice(e.db, { productId: product.id, imei: '356600000000777' });
    const customer = await createCustomer(e.db, { name: 'Casey Roles' });
    await createSubscription(e.db, { deviceId: device.id, customerId: customer.id });
    await createSupplier(e.db, { name: 'Roles Supplies' });
    const { page } = await e.signedInPage({ role: 'analyst', name: 'Avery Analyst' });

    await page.goto(`/admin/devices/${device.id}`);
    await page.getByRole('heading', { name: `Device ${device.id}` }).waitFor();
    await page.getByRole('heading', { name: 'Subscription and loan' }).waitFor();
    // The analyst reads the customer's page, so the customer stays a link.
    await page.getByRole('link', { name: `Casey Roles (#${customer.id})` }).waitFor();
    expect(await page.getByRole('heading', { name: 'Actions' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Move equipment' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Unassign Equipment' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Line/SIM' }).count()).toBe(0);

    await page.goto('/admin/suppliers');
    await page.getByRole('cell', { name: 'Roles Supplies' }).waitFor();
    expect(await page.getByRole('link', { name: 'Add supplier' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Roles Supplies' }).count()).toBe(0);

    await page.goto('/admin/suppliers/create');
    await page.getByText(NO_PERMISSION).waitFor();
    expect(await page.getByLabel('Name').count()).toBe(0);
  });

  it('shows a field rep their own prospects, not the devices, and says so at the devices address', async () => {
    const { page, user } = await e.signedInPage({ role: 'field-rep', isRep: true, name: 'Fran Field' });
    await createProspect(e.db, { repId: user.id, name: 'Fran Own Visit' });
    await createProspect(e.db, { name: 'Someone Else Visit' });

    // A rep has no dashboard: signing in lands on the prospects.
    await page.waitForURL((url) => url.pathname === '/admin/prospects');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Prospects' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Devices' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Customers' }).count()).toBe(0);

    await page.reload();
    await page.getByRole('link', { name: 'Fran Own Visit' }).waitFor();
    expect(await page.getByText('Someone Else Visit').count()).toBe(0);
    await page.getByRole('link', { name: 'Log a visit' }).waitFor();
    // Their own visits only: there is no rep to filter by.
    expect(await page.getByLabel('Rep', { exact: true }).count()).toBe(0);

    // The same rep on a phone, signed in afresh so the layout is the phone's from the start.
    const phone = await e.newPage({ width: 375, height: 800 });
    await phone.goto('/admin/login');
    await phone.getByLabel('Email').fill(user.email);
    await phone.getByLabel('Password').fill(user.password);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.getByRole('link', { name: 'Fran Own Visit' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.screenshot({ path: '.tmp/screens/roles-rep-prospects-375.png', fullPage: true });

    await phone.goto('/admin/devices');
    await phone.getByText(NO_PERMISSION).waitFor();
    expect(await phone.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.screenshot({ path: '.tmp/screens/roles-rep-devices-375.png', fullPage: true });
  });
});

/** Every answer the server refused the page from now on. */
function watch403s(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  return refused;
}

describe('a page opened by its address', () => {
  const CASES = [
    { role: 'analyst', page: '/admin/users', name: 'staff', action: 'Invite' },
    { role: 'field-rep', page: '/admin/devices', name: 'devices', action: 'Export CSV' },
  ] as const;

  for (const { role, page: address, name, action } of CASES)
    it.each([1280, 375])(
      `shows ${role === 'analyst' ? 'an analyst' : 'a field rep'} the ${name} page's permission message alone, without ${action} (%i px, light and dark)`,
      async (width) => {
        const { page } = await e.signedInPage({ role, isRep: role === 'field-rep', viewport: { width, height: 800 } });
        const refused = watch403s(page);
        await page.goto(address);
        const main = page.getByRole('main');
        await main.getByText(NO_PERMISSION).waitFor();
        await inEachScheme(page, async (scheme) => {
          await page.screenshot({ path: `.tmp/screens/roles-${name}-by-address-${width}-${scheme}.png` });
        });

        // The message and nothing else: no title, toolbar, filters or table, and the page asked for none of its data.
        expect(await main.innerText()).toBe(NO_PERMISSION);
        expect(await page.getByRole('button', { name: action }).count()).toBe(0);
        expect(await main.getByRole('button').count()).toBe(0);
        expect(refused).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      },
    );

  it('still shows an administrator the staff page with Invite, and operations the devices with Export CSV', async () => {
    const admin = (await e.signedInPage()).page;
    await admin.goto('/admin/users');
    await admin.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Invite' }).waitFor();

    const operations = (await e.signedInPage({ role: 'operations' })).page;
    await operations.goto('/admin/devices');
    await operations.getByRole('heading', { name: 'Devices', level: 1 }).waitFor();
    await operations.getByRole('button', { name: 'Export CSV' }).waitFor();
  });
});

describe('your account', () => {
  it.each(['light', 'dark'] as const)(
    "is a field rep's on a phone, from the menu and from the palette (%s)",
    async (scheme) => {
      const { page } = await e.signedInPage({ role: 'field-rep', isRep: true, viewport: { width: 375, height: 800 } });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.waitForURL((url) => url.pathname === '/admin/prospects');
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      // Slid all the way in, as the user sees it once it stops.
      await expect.poll(async () => (await nav.boundingBox())?.x).toBe(0);
      await page.waitForFunction(() => !document.getAnimations().some((a) => a.playState === 'running'));
      await page.screenshot({ path: `.tmp/screens/roles-rep-menu-375-${scheme}.png` });
      await nav.getByRole('link', { name: 'Your account' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/account');
      await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
      await page
        .getByRole('heading', { name: /two-factor/i })
        .first()
        .waitFor();
      await expect.poll(() => sidebarOnScreen(page)).toBe(false);

      await page.goto('/admin/prospects');
      await page.getByRole('heading', { name: 'Prospects', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Search' }).click();
      await page.keyboard.type('account');
      const offered = page
        .getByRole('option', { name: /Your account/ })
        .or(page.getByRole('dialog').getByRole('button', { name: /Your account/ }));
      await offered.click();
      await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    },
  );
});
