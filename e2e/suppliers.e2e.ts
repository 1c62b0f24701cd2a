import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startE2E, type E2E } from './support/harness';
import { suppliers } from '../src/server/db/schema';
import { createSupplier } from '../src/server/test/factories';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const frequency = (page: Page) => page.getByRole('combobox', { name: 'Frequency' });
const prorates = (page: Page, answer: 'Yes' | 'No') => page.getByRole('radio', { name: answer });

describe('supplier form', () => {
  it('locks the frequency as the rules say and stores the supplier', async () => {
    const { page } = await e.signedInPage();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Suppliers' }).click();
    await page.waitForURL('**/admin/suppliers');
    await page.getByRole('link', { name: 'Add supplier' }).click();
    await page.waitForURL('**/admin/suppliers/create');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Rulebound Wireless');
    await expect.poll(() => frequency(page).isDisabled()).toBe(false);

    await choose(page, 'Billing cycle', '30 Day');
    await expect.poll(() => frequency(page).isDisabled()).toBe(true);
    await expect.poll(() => frequency(page).inputValue()).toBe('Per Renewal');
    await expect.poll(() => prorates(page, 'No').isChecked()).toBe(true);
    await expect.poll(() => prorates(page, 'Yes').isDisabled()).toBe(true);
    await page.screenshot({ path: '.tmp/screens/supplier-30-day-1280.png', fullPage: true });

    await choose(page, 'Billing cycle', 'Quarterly');
    await expect.poll(() => frequency(page).isDisabled()).toBe(false);
    await prorates(page, 'Yes').check();
    await expect.poll(() => frequency(page).isDisabled()).toBe(true);
    await expect.poll(() => frequency(page).inputValue()).toBe('Monthly');

    await prorates(page, 'No').check();
    await expect.poll(() => frequency(page).isDisabled()).toBe(false);
    await choose(page, 'Frequency', 'Per Renewal');
    await prorates(page, 'Yes').check();
    await expect.poll(() => frequency(page).inputValue()).toBe('Monthly');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/admin/suppliers');
    const table = page.getByRole('table', { name: 'Suppliers' });
    await expect.poll(() => table.textContent()).toContain('Rulebound Wireless');
    const [row] = await e.db.select().from(suppliers).where(eq(suppliers.name, 'Rulebound Wireless'));
    expect(row).toMatchObject({ billingCycle: 'Quarterly', prorates: true, frequency: 'Monthly' });
    await page.screenshot({ path: '.tmp/screens/suppliers-1280.png', fullPage: true });
  });

  it('edits a supplier at phone width and shows a server refusal under the field', async () => {
    const s = await createSupplier(e.db, { name: 'Editable Mobile', billingCycle: 'Annual' });
    await createSupplier(e.db, { name: 'Other Mobile' });
    const { page } = await e.signedInPage({
      viewport: { width: 375, height: 800 },
      at: `/admin/suppliers/${s.id}/edit`,
    });
    const name = page.getByRole('textbox', { name: /^Name/ });
    await expect.poll(() => name.inputValue()).toBe('Editable Mobile');
    await name.fill('Other Mobile');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The name has already been taken.');
    await page.screenshot({ path: '.tmp/screens/supplier-edit-375-error.png', fullPage: true });
    await name.fill('Edited Mobile');
    await choose(page, 'Billing cycle', '30 Day');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/admin/suppliers');
    const [row] = await e.db.select().from(suppliers).where(eq(suppliers.id, s.id));
    expect(row).toMatchObject({
      name: 'Edited Mobile',
      billingCycle: '30 Day',
      frequency: 'Per Renewal',
      prorates: false,
    });
  });
});
