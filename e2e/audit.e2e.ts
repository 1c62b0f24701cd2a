import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support/harness';
import { recordAudit } from '../src/server/modules/audit';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('the audit log', () => {
  it('shows an Administrator the whole log, filtered by action in the address, with their own sign-in', async () => {
    const { page, user } = await e.signedInPage({ name: 'Audra Auditor' });
    await recordAudit(e.db, {
      userId: user.id,
      action: 'supplier.updated',
      entityType: 'supplier',
      entityId: 7,
      before: { name: 'Acme' },
      after: { name: 'Acme Wholesale' },
    });

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/admin/audit');
    await expect.poll(() => page.getByRole('heading', { name: 'Audit log' }).isVisible()).toBe(true);
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect.poll(() => table.textContent()).toMatch(/Audra Auditor.*Changed.*Supplier 7/);
    await table.getByText('Details').first().click();
    await expect.poll(() => table.textContent()).toContain('Acme Wholesale');

    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Signed in' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('auth.signed_in');
    await expect.poll(() => table.textContent()).not.toContain('Supplier 7');
    const row = table.getByRole('row').filter({ hasText: 'Audra Auditor' });
    await expect.poll(() => row.textContent()).toMatch(/Signed in.*Staff account.*127\.0\.0\.1.*Mozilla/);
    await page.screenshot({ path: '.tmp/screens/audit-log-1280.png', fullPage: true });

    // The filter is in the address: a reload shows the same entries.
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Action' }).inputValue()).toBe('Signed in');
    await expect.poll(() => row.textContent()).toContain('Signed in');

    // The export takes the filter: sign-ins only.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await file.path())!, 'utf8')
      .trimEnd()
      .split('\n')
      .slice(1);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.split(',')[4]).toBe('auth.signed_in');
  });
});
