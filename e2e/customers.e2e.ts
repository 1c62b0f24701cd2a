import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sidebarOnScreen, startE2E, type E2E } from './support/harness';
import { createCustomer, createSubscription } from '../src/server/test/factories';
import { recordAudit } from '../src/server/modules/audit';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('customer search box', () => {
  it('searches from 3 characters, fills the chosen customer with a green line, and submits customer_id', async () => {
    const pick = await createCustomer(e.db, { name: 'Zebulon Quartermaine' });
    await createCustomer(e.db, { name: 'Zebulon Quartz' });
    const { page } = await e.signedInPage();
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/admin/api/customers/search')) searches.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    await page.goto('/admin/parcels/create');
    const box = page.getByRole('combobox', { name: 'Customer' });
    expect(await box.getAttribute('placeholder')).toBe('Start typing name or customer ID');

    await box.pressSequentially('Ze', { delay: 30 });
    await page.waitForTimeout(600);
    expect(searches).toEqual([]);
    expect(await page.getByRole('option').count()).toBe(0);

    await box.pressSequentially('b', { delay: 30 });
    await expect.poll(() => page.getByRole('option').count()).toBe(2);
    expect(searches).toEqual(['Zeb']);
    await page.screenshot({ path: '.tmp/screens/customer-search-list-1280.png' });

    await page.getByRole('option', { name: /Zebulon Quartermaine/ }).click();
    expect(await box.inputValue()).toBe('Zebulon Quartermaine');
    expect(await page.getByRole('option').count()).toBe(0);
    const chosen = page.getByRole('status').filter({ hasText: 'Zebulon Quartermaine' });
    expect(await chosen.textContent()).toContain(`Zebulon Quartermaine (ID ${pick.id})`);
    expect(await chosen.evaluate((el) => getComputedStyle(el).color)).toMatch(/rgb\(\s*\d+,\s*1[0-9]{2},\s*\d+\)/);
    expect(await page.locator('input[type=hidden][name=customer_id]').inputValue()).toBe(String(pick.id));
    await page.screenshot({ path: '.tmp/screens/customer-search-chosen-1280.png' });

    await page.getByLabel('Length').fill('10');
    await page.getByLabel('Width').fill('8');
    await page.getByLabel('Height').fill('4');
    await page.getByLabel('Weight').fill('12.5');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/admin/api/parcels')),
      page.getByRole('button', { name: 'Submit' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ customer_id: pick.id });
    await page.waitForURL('**/admin/parcels');
  });

  it('chooses with the keyboard and forgets the choice when the text changes', async () => {
    const first = await createCustomer(e.db, { name: 'Keyboardina Alpha' });
    await createCustomer(e.db, { name: 'Keyboardina Beta' });
    const { page } = await e.signedInPage({ viewport: { width: 375, height: 800 }, at: '/admin/parcels/create' });
    const box = page.getByRole('combobox', { name: 'Customer' });
    await box.pressSequentially('Keyboardina', { delay: 20 });
    await expect.poll(() => page.getByRole('option').count()).toBe(2);
    await page.screenshot({ path: '.tmp/screens/customer-search-list-375.png' });
    await page.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('Keyboardina Alpha');
    expect(await page.locator('input[name=customer_id]').inputValue()).toBe(String(first.id));
    await box.press('Backspace');
    expect(await page.locator('input[name=customer_id]').inputValue()).toBe('');
    expect(await page.getByRole('status').filter({ hasText: 'Keyboardina' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('option').count()).toBe(1);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('option').count()).toBe(0);
  });
});

describe('customers', () => {
  it('finds a customer in the list and opens the customer page with contact, map and subscriptions', async () => {
    const c = await createCustomer(e.db, { name: 'Philippa Listfinder', lat: 36.16, lng: -86.78 });
    const sub = await createSubscription(e.db, { customerId: c.id });
    const { page, user } = await e.signedInPage();
    // A change of what is theirs is a change in the customer's history.
    await recordAudit(e.db, {
      userId: user.id,
      action: 'set_cancellation_reason',
      entityType: 'subscription',
      entityId: sub.id,
      before: { cancellation_reason: null },
      after: { cancellation_reason: 'Moved abroad' },
    });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL('**/admin/customers');
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('Listfinder');
    const table = page.getByRole('table', { name: 'Customers' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.screenshot({ path: '.tmp/screens/customers-1280.png', fullPage: true });

    // The export takes the search: one customer, as a CSV file.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv.trimEnd().split('\n')).toHaveLength(2);
    expect(csv).toContain(`${c.id},Philippa Listfinder,`);
    await page.getByText('Exported 1 row to').waitFor();
    await table.getByRole('link', { name: 'Philippa Listfinder' }).click();
    await page.waitForURL(`**/admin/customers/${c.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Philippa Listfinder');
    expect(await page.getByText(c.email!).count()).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: "Map of Philippa Listfinder's address" }).count()).toBe(1);
    const subs = page.getByRole('table', { name: 'Subscriptions' });
    await expect.poll(() => subs.textContent()).toContain(`#${sub.id}`);
    const history = page.getByRole('region', { name: 'History' });
    await expect.poll(() => history.textContent()).toMatch(/Cancellation reason changed.*Moved abroad/);
    await page.screenshot({ path: '.tmp/screens/customer-page-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    // The sidebar slides away when the window narrows; shoot once it is off-screen.
    await expect.poll(() => sidebarOnScreen(page)).toBe(false);
    await page.screenshot({ path: '.tmp/screens/customer-page-375.png', fullPage: true });
  });

  it('sorts the list by a column heading, keeps the order in the address, and exports in that order', async () => {
    for (const name of ['Sortable Carol', 'sortable alice', 'Sortable Bob']) await createCustomer(e.db, { name });
    const { page } = await e.signedInPage({ at: '/admin/customers?q=Sortable' });
    const table = page.getByRole('table', { name: 'Customers' });
    const names = () => table.locator('tbody tr td:nth-child(2)').allTextContents();
    await expect.poll(names).toEqual(['Sortable Bob', 'sortable alice', 'Sortable Carol']);

    await table.getByRole('button', { name: /^Name\W+sort ascending$/ }).click();
    await expect.poll(names).toEqual(['sortable alice', 'Sortable Bob', 'Sortable Carol']);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name');
    expect(await table.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    await page.screenshot({ path: '.tmp/screens/customers-sorted-1280.png' });

    await table.getByRole('button', { name: /^Name\W+sort descending$/ }).click();
    await expect.poll(names).toEqual(['Sortable Carol', 'Sortable Bob', 'sortable alice']);
    await page.reload();
    await expect.poll(names).toEqual(['Sortable Carol', 'Sortable Bob', 'sortable alice']);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    const exported = csv
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(exported).toEqual(['Sortable Carol', 'Sortable Bob', 'sortable alice']);

    // Back to the list's own order: newest first, and the address clean again.
    await table.getByRole('button', { name: /^Customer since\W+sort descending$/ }).click();
    await expect.poll(names).toEqual(['Sortable Bob', 'sortable alice', 'Sortable Carol']);
    expect(new URL(page.url()).searchParams.has('sort')).toBe(false);
  });

  it('says so when a customer does not exist', async () => {
    const { page } = await e.signedInPage({ at: '/admin/customers/999999' });
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Customer not found.');
  });
});
