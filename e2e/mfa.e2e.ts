import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { startE2E, type E2E } from './support/harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/**
 * The code an app shows for the next 30-second step: within the drift the server allows, and never the step the
 * set-up's code used up, however the steps fall during the test.
 */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe('two-factor sign-in', () => {
  it('is set up on the account page, then asked for after the password, also on a phone', async () => {
    const { page, user } = await e.signedInPage({ name: 'Tessa Twofactor', at: '/admin/account' });
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect.poll(() => page.getByAltText('QR code to scan with your authenticator app').isVisible()).toBe(true);
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: '.tmp/screens/mfa-setup-1280.png', fullPage: true });

    await page.getByLabel(/^Code from the app/).fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('This code is not correct.');
    await page.getByLabel(/^Code from the app/).fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes');
    await expect.poll(() => codes.isVisible()).toBe(true);
    expect((await codes.textContent())!.match(/[a-z0-9]{5}-[a-z0-9]{5}/g)).toHaveLength(10);
    await expect.poll(() => page.getByText('10 of 10 recovery codes left', { exact: false }).isVisible()).toBe(true);
    await page.screenshot({ path: '.tmp/screens/mfa-recovery-codes-1280.png', fullPage: true });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => codes.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/admin/login');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('Authentication code');
    await expect.poll(() => code.isVisible()).toBe(true);
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('one-time-code');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '.tmp/screens/login-code-375.png', fullPage: true });
    // The password alone opened no session.
    expect(
      (await page.request.get('/admin/api/me', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).status(),
    ).toBe(401);

    await code.fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
  });
});

describe('REQUIRE_MFA_FOR_ADMINS=1', () => {
  let strict: E2E;
  beforeAll(async () => {
    strict = await startE2E({ REQUIRE_MFA_FOR_ADMINS: true });
  });
  afterAll(() => strict?.close());

  it('sends an Administrator without two-factor sign-in to the account page with a notice', async () => {
    const { page } = await strict.signedInPage();
    await page.waitForURL('**/admin/account');
    const notice = page.getByRole('status').filter({ hasText: 'Set up two-factor sign-in' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await page.goto('/admin/users');
    await page.waitForURL('**/admin/account');

    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await page.getByLabel(/^Code from the app/).fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByTestId('recovery-codes').isVisible()).toBe(true);
    await expect.poll(() => notice.isVisible()).toBe(false);
    await page.goto('/admin/users');
    await expect.poll(() => page.getByRole('heading', { name: 'Staff' }).isVisible()).toBe(true);
  });
});
