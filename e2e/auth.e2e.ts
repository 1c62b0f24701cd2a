import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sidebarOnScreen, startE2E, type E2E } from './support/harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('signing in and out', () => {
  it('signs in, shows the shell with the user, and signs out to the login page', async () => {
    const { page } = await e.signedInPage({ name: 'Robin Admin' });
    await expect.poll(() => page.getByTestId('current-user').textContent()).toBe('Robin Admin');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    // The HTML's own "Loading…" frame, painted before the app's code, is gone once the app is drawn.
    expect(await page.getByText('Loading…', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: '.tmp/screens/dashboard-shell.png' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/admin/login');
    await page.goto('/admin');
    await page.waitForURL('**/admin/login');
  });

  it('signs in with no Content Security Policy violation on the way, and names the release under the navigation', async () => {
    const user = await e.createUser({ name: 'Casey Policy' });
    const page = await e.newPage();
    // As text: a function would be sent as the test runner compiled it, with helpers the page does not have.
    await page.addInitScript({
      content: `window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));`,
    });
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/admin/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId('release').textContent())
      .toMatch(/^Back Office \d+\.\d+\.\d+ · schema \d{4}_/);
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations).toEqual([]);
  });

  it('shows an error for a wrong password and stays on the login page', async () => {
    const user = await e.createUser();
    const page = await e.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('These credentials do not match our records.');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('redirects a page opened without a session to the login page', async () => {
    const page = await e.newPage();
    await page.goto('/admin/some/page');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  });

  it('hides the sidebar on a narrow window until the menu is toggled', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 700, height: 900 } });
    await expect.poll(() => sidebarOnScreen(page)).toBe(false);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect.poll(() => sidebarOnScreen(page)).toBe(true);
    await page.screenshot({ path: '.tmp/screens/shell-narrow-open.png' });
  });
});
