import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const editLink = (page: Page) => page.getByRole('link', { name: 'Edit lookup e-mail' });

describe('modal links', () => {
  it('open the page in a 700 px modal at 1280 px; saving closes it and reloads the page data', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 1280, height: 900 }, at: '/admin/settings' });
    await editLink(page).click();
    const dialog = page.getByRole('dialog', { name: 'Edit lookup e-mail' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(Math.round(box!.width)).toBe(700);
    const frameElement = dialog.locator('iframe');
    expect(await frameElement.getAttribute('src')).toBe('/admin/settings/lookup-email?view=modal');
    const frame = page.frameLocator('iframe[title="Edit lookup e-mail"]');
    // The page inside shows without the sidebar and header.
    await frame.getByLabel('Subject').waitFor();
    await expect.poll(() => frame.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await page.screenshot({ path: '.tmp/screens/kit-modal-1280.png' });

    await frame.getByLabel('Subject').fill('Edited in a modal for {name}');
    await frame.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByTestId('lookup-subject').textContent()).toContain('Edited in a modal for {name}');
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
  });

  it('open the full page with view=fullscreen at 600 px', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 600, height: 900 }, at: '/admin/settings' });
    await editLink(page).click();
    await page.waitForURL('**/admin/settings/lookup-email?view=fullscreen');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByRole('heading', { name: 'Edit lookup e-mail' }).isVisible()).toBe(true);
    await page.getByLabel('Subject').fill('Edited on a phone');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByText('Settings saved.').isVisible()).toBe(true);
    await page.screenshot({ path: '.tmp/screens/kit-fullscreen-600.png', fullPage: true });
    await page.getByRole('link', { name: 'Back to settings' }).click();
    await expect.poll(() => page.getByTestId('lookup-subject').textContent()).toContain('Edited on a phone');
  });
});
