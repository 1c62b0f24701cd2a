import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startE2E, type E2E } from './support/harness';
import { mailOutbox, users } from '../src/server/db/schema';
import { ROLES } from '../src/contract/access';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const PASSWORD = 'violet-harbor-sprocket-42';

describe('staff accounts', () => {
  it('invites a field rep, who sets a password on a phone and signs in, until disabled', async () => {
    const { page: admin } = await e.signedInPage({ name: 'Alma Admin', at: '/admin/users' });
    await expect.poll(() => admin.getByRole('heading', { name: 'Staff' }).isVisible()).toBe(true);
    await expect.poll(() => admin.getByText(ROLES['field-rep'].summary).isVisible()).toBe(true);

    await admin.getByRole('button', { name: 'Invite' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a colleague' });
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('Rita.Rep@Example.com');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Rita Rep');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const linkBox = admin.getByRole('textbox', { name: 'One-time link' });
    await expect.poll(() => linkBox.isVisible()).toBe(true);
    const url = await linkBox.inputValue();
    expect(url).toMatch(/\/admin\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    const table = admin.getByRole('table', { name: 'Staff' });
    await expect.poll(() => table.textContent()).toMatch(/Rita Rep.*rita\.rep@example\.com.*Field rep.*Invited/);
    const [mail] = await e.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rita.rep@example.com'));
    expect(mail?.text).toContain(url);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await admin.screenshot({ path: '.tmp/screens/staff-invited-1280.png', fullPage: true });

    const rep = await e.newPage({ width: 375, height: 800 });
    await rep.goto(url);
    await expect.poll(() => rep.getByRole('heading', { name: 'Welcome to the Back Office' }).isVisible()).toBe(true);
    await rep.getByLabel(/^Password/).fill(PASSWORD);
    await rep.getByLabel(/^Confirm password/).fill(PASSWORD);
    expect(await rep.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await rep.screenshot({ path: '.tmp/screens/set-password-375.png', fullPage: true });
    await rep.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => rep.getByRole('heading', { name: 'Password set' }).isVisible()).toBe(true);

    await rep.getByRole('link', { name: 'Sign in' }).click();
    await rep.waitForURL('**/admin/login');
    await rep.getByLabel('Email').fill('rita.rep@example.com');
    await rep.getByLabel('Password').fill(PASSWORD);
    await rep.getByRole('button', { name: 'Sign in' }).click();
    await rep.waitForURL((u) => u.pathname === '/admin');
    await rep.goto('/admin/account');
    await expect.poll(() => rep.getByRole('heading', { name: 'Your account' }).isVisible()).toBe(true);
    await expect.poll(() => rep.getByText('rita.rep@example.com').isVisible()).toBe(true);
    await expect.poll(() => rep.getByText('This session').isVisible()).toBe(true);
    await rep.screenshot({ path: '.tmp/screens/account-375.png', fullPage: true });

    await admin.reload();
    await admin.getByRole('button', { name: 'Actions for Rita Rep' }).click();
    await admin.getByRole('menuitem', { name: 'Disable' }).click();
    await admin.getByRole('dialog', { name: 'Disable account' }).getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => table.textContent()).toMatch(/Rita Rep.*Disabled/);
    const [row] = await e.db.select().from(users).where(eq(users.email, 'rita.rep@example.com'));
    expect(row?.disabledAt).not.toBeNull();

    // The rep's next call is refused, and the app takes them to the sign-in page.
    await rep.getByLabel(/^Current password/).fill(PASSWORD);
    await rep.getByLabel(/^New password/).fill('quiet Lantern orbit 9 meadow');
    await rep.getByLabel(/^Confirm new password/).fill('quiet Lantern orbit 9 meadow');
    await rep.getByRole('button', { name: 'Change password' }).click();
    await rep.waitForURL('**/admin/login');
  });
  it('sorts the accounts by a column from its heading, kept in the address through a reload', async () => {
    await e.createUser({ name: 'Zed Never', role: 'analyst' });
    const { page } = await e.signedInPage({ name: 'Aaron Latest', at: '/admin/users' });
    const firstName = async () => (await page.getByRole('row').nth(1).getByRole('cell').first().textContent())?.trim();
    const heading = (name: string) => page.getByRole('columnheader', { name: new RegExp(name) });
    await expect.poll(firstName).toBe('Aaron Latest');
    expect(await heading('Name').getAttribute('aria-sort')).toBe('ascending');

    await heading('Name').getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-name');
    await expect.poll(firstName).toBe('Zed Never');

    // The newest sign-in first: the account that just signed in.
    await heading('Last sign-in').getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-lastSignInAt');
    await expect.poll(firstName).toBe('Aaron Latest');
    expect(await heading('Last sign-in').getAttribute('aria-sort')).toBe('descending');
    await page.reload();
    await expect.poll(firstName).toBe('Aaron Latest');
    expect(await heading('Last sign-in').getAttribute('aria-sort')).toBe('descending');
    await page.screenshot({ path: '.tmp/screens/staff-sorted-1280.png' });
  });
});
