import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support/harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('settings', () => {
  it("saves the lookup e-mail, sends a test to the prefilled address, shows 'Emails sent!' and hides it on focus", async () => {
    const { page, user } = await e.signedInPage({ name: 'Sue Settings' });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/admin/settings');
    await page.getByRole('link', { name: 'Edit lookup e-mail' }).click();
    const frame = page.frameLocator('iframe[title="Edit lookup e-mail"]');
    await frame.getByLabel('Subject').fill('Plans picked for {name}');
    await frame.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByTestId('lookup-subject').textContent()).toContain('Plans picked for {name}');

    const addresses = page.getByLabel('Email addresses');
    await expect.poll(() => addresses.inputValue()).toBe(user.email);
    await expect.poll(() => page.getByText('Update the settings first').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Send' }).click();
    const sent = page.getByText('Emails sent!');
    await expect.poll(() => sent.isVisible()).toBe(true);
    const outbox = page.getByRole('table', { name: 'Sent e-mails' });
    await expect.poll(() => outbox.textContent()).toContain(user.email);
    await expect.poll(() => outbox.textContent()).toContain('Plans picked for Sue Settings');
    await page.screenshot({ path: '.tmp/screens/settings-1280.png', fullPage: true });

    await addresses.focus();
    await expect.poll(() => sent.count()).toBe(0);
  });

  it('names a malformed address and lets the user correct it and send', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 375, height: 800 }, at: '/admin/settings' });
    const addresses = page.getByLabel('Email addresses');
    await addresses.fill('ann@example.com, bob@');
    const send = page.getByRole('button', { name: 'Send' });
    await send.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('"bob@" is not a valid email address.');
    // §8: "the button is re-enabled" after a failure.
    await expect.poll(() => send.isEnabled()).toBe(true);
    await page.screenshot({ path: '.tmp/screens/settings-375-error.png', fullPage: true });
    await addresses.fill('ann@example.com, bob@example.com');
    await send.click();
    await expect.poll(() => page.getByText('Emails sent!').isVisible()).toBe(true);
  });
});
