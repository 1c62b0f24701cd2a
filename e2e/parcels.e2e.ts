import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startE2E, type E2E } from './support/harness';
import { parcels, predefinedContainers } from '../src/server/db/schema';
import { createCustomer, createSubscription } from '../src/server/test/factories';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('parcels', () => {
  it('fills the dimensions from a container, keeps the weight separate, and lists the parcel', async () => {
    await e.db.insert(predefinedContainers).values({ name: 'Phone box', length: '9.5', width: '6.0', height: '3.2' });
    const customer = await createCustomer(e.db, { name: 'Parcella Shipley' });
    const sub = await createSubscription(e.db, { customerId: customer.id });
    const { page } = await e.signedInPage();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Parcels' }).click();
    await page.waitForURL('**/admin/parcels');
    await page.getByRole('link', { name: 'Enter parcel' }).click();
    await page.waitForURL('**/admin/parcels/create');

    await page.getByRole('combobox', { name: 'Customer' }).pressSequentially('Parcella', { delay: 20 });
    await page.getByRole('option', { name: /Parcella Shipley/ }).click();
    await page.getByRole('combobox', { name: 'Device or equipment' }).click();
    await page.getByRole('option', { name: new RegExp(`Device #${sub.deviceId}`) }).click();
    await page.getByLabel('Weight').fill('14.2');
    await page.getByRole('combobox', { name: 'Predefined container' }).click();
    await page.getByRole('option', { name: /Phone box/ }).click();
    expect(await page.getByLabel('Length').inputValue()).toBe('9.5');
    expect(await page.getByLabel('Width').inputValue()).toBe('6');
    expect(await page.getByLabel('Height').inputValue()).toBe('3.2');
    expect(await page.getByLabel('Weight').inputValue()).toBe('14.2');
    expect(await page.getByLabel('Length').getAttribute('step')).toBe('0.1');
    await page.screenshot({ path: '.tmp/screens/parcel-form-1280.png', fullPage: true });

    // A size edited by hand is no longer the container's: the select says so, and the parcel is saved without it.
    await page.getByLabel('Height').fill('3.5');
    const container = page.getByRole('combobox', { name: 'Predefined container' });
    expect(await container.inputValue()).toBe('');
    await page.getByLabel('Height').fill('3.2');
    await container.click();
    await page.getByRole('option', { name: /Phone box/ }).click();
    expect(await container.inputValue()).toBe('Phone box (9.5 × 6 × 3.2 in)');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/admin/parcels');
    const table = page.getByRole('table', { name: 'Parcels' });
    await expect.poll(() => table.textContent()).toContain('9.5 × 6 × 3.2');
    expect(await table.textContent()).toContain('Phone box');
    expect(await table.textContent()).toContain(`Device #${sub.deviceId}`);
    const [row] = await e.db.select().from(parcels).where(eq(parcels.customerId, customer.id));
    expect(row).toMatchObject({ length: '9.5', width: '6.0', height: '3.2', weight: '14.2', direction: 'to_customer' });
    await page.screenshot({ path: '.tmp/screens/parcels-1280.png', fullPage: true });
  });

  it('shows the messages of missing and zero measures and stores nothing', async () => {
    const customer = await createCustomer(e.db, { name: 'Zero Measure' });
    const { page } = await e.signedInPage({ viewport: { width: 375, height: 800 }, at: '/admin/parcels/create' });
    await page.getByRole('combobox', { name: 'Customer' }).pressSequentially('Zero Meas', { delay: 20 });
    await page.getByRole('option', { name: /Zero Measure/ }).click();
    await page.getByLabel('Length').fill('0');
    await page.getByRole('button', { name: 'Submit' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('The length must be greater than 0.');
    expect(await alert.textContent()).toContain('The weight field is required.');
    await page.screenshot({ path: '.tmp/screens/parcel-form-375-errors.png', fullPage: true });
    expect(await e.db.select().from(parcels).where(eq(parcels.customerId, customer.id))).toEqual([]);
  });

  it('adds a container in the containers area', async () => {
    const { page } = await e.signedInPage({ at: '/admin/parcels/containers' });
    await page.getByLabel('Name').fill('Tablet box');
    await page.getByLabel('Length').fill('12');
    await page.getByLabel('Width').fill('9.5');
    await page.getByLabel('Height').fill('2');
    await page.getByRole('button', { name: 'Submit' }).click();
    const table = page.getByRole('table', { name: 'Containers' });
    await expect.poll(() => table.textContent()).toContain('12 × 9.5 × 2');
    await page.screenshot({ path: '.tmp/screens/containers-1280.png', fullPage: true });
  });

  it('renames a container and deletes it after confirming', async () => {
    await e.db.insert(predefinedContainers).values({ name: 'Watch box', length: '4.0', width: '4.0', height: '3.0' });
    const { page } = await e.signedInPage({ at: '/admin/parcels/containers' });
    const table = page.getByRole('table', { name: 'Containers' });
    await page.getByRole('button', { name: 'Edit Watch box' }).click();
    await page.getByLabel('Name').fill('Watch case');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => table.textContent()).toContain('Watch case');

    await page.getByRole('button', { name: 'Delete Watch case' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => table.textContent()).not.toContain('Watch case');
    expect(await e.db.select().from(predefinedContainers).where(eq(predefinedContainers.name, 'Watch case'))).toEqual(
      [],
    );
  });
});
