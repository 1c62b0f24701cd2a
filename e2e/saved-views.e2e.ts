import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support/harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('saved views', () => {
  it('saves the filters of a list under a name, opens them again, and deletes them', async () => {
    const { page } = await e.signedInPage({
      viewport: { width: 1280, height: 900 },
      at: '/admin/equipment?q=3566#returning',
    });
    await page.getByRole('tab', { name: 'Returning', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Views' }).click();
    // The menu asks for the saved views when it opens: wait for their answer.
    await page.getByText('No saved views yet.').waitFor();
    await page.getByRole('menuitem', { name: 'Save this view…' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Returning phones');
    await page.getByRole('dialog').getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.goto('/admin/equipment');
    await page.getByRole('tab', { name: 'Equipment Hold', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Returning phones' }).click();
    await page.waitForURL((url) => url.hash === '#returning' && url.searchParams.get('q') === '3566');
    await page.getByRole('tab', { name: 'Returning', selected: true }).waitFor();

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Delete views…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete view Returning phones' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('No saved views left.').isVisible()).toBe(true);
  });

  it('keeps the prospect filters in the address, across a reload and in a saved view', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 }, at: '/admin/prospects' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('Main St');
    await page.getByRole('combobox', { name: 'Converted' }).click();
    await page.getByRole('option', { name: 'Not converted' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('q') === 'Main St' && url.searchParams.get('converted') === 'no',
    );
    await page.reload();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('Main St');
    await expect.poll(() => page.getByRole('combobox', { name: 'Converted' }).inputValue()).toBe('Not converted');

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save this view…' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Open on Main St');
    await page.getByRole('dialog').getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goto('/admin/prospects');
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Open on Main St' }).click();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('Main St');
    await expect.poll(() => page.getByRole('combobox', { name: 'Converted' }).inputValue()).toBe('Not converted');
  });
});
