import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inEachScheme, startE2E, type E2E } from './support/harness';
import { recordAudit } from '../src/server/modules/audit';
import { createSupplier } from '../src/server/test/factories';
import type { Page } from 'playwright-core';

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
    await expect.poll(() => table.textContent()).toContain('Name: Acme → Acme Wholesale');

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

  it.each([1280, 375])(
    'names the record, reads a change as "Field: old → new" and shows its undo with it, without Revert, at %i px, light and dark',
    async (width) => {
      const original = `Readable Mobile ${width}`;
      const mistaken = `Mistaken Mobile with a name long enough to wrap ${width}`;
      const s = await createSupplier(e.db, { name: original });
      const { page } = await e.signedInPage({ name: 'Una Undoer', viewport: { width, height: 900 } });
      await renameSupplier(page, s.id, mistaken);
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await page.getByText(`Supplier ${original} is back as it was.`).waitFor();

      await page.goto(`/admin/audit?entityType=supplier&entityId=${s.id}`);
      const table = page.getByRole('table', { name: 'Audit log' });
      const change = table.getByRole('row').filter({ hasText: 'Undone by' });
      await inEachScheme(page, async (scheme) => {
        await change.getByRole('link', { name: original }).waitFor();
        const text = () => change.textContent();
        await expect.poll(text).toContain(`Name: ${original} → ${mistaken}`);
        await expect.poll(text).toMatch(/Undone by Una Undoer \d/);
        await expect.poll(text).toContain(`Name: ${mistaken} → ${original}`);
        // The undo is part of the change, not rows of its own; the change taken back offers no Revert.
        await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
        expect(await table.getByText('Change taken back').count()).toBe(0);
        expect(await change.getByRole('button', { name: /^Revert entry / }).count()).toBe(0);
        expect(await change.getByRole('button', { name: /^Redo entry / }).count()).toBe(1);
        // Long values wrap within their cell: none is cut off.
        const cut = await change
          .getByRole('listitem')
          .evaluateAll((items) => items.filter((li) => li.scrollWidth > li.clientWidth + 1).length);
        expect(cut).toBe(0);
        await page.screenshot({ path: `.tmp/screens/audit-undo-group-${width}-${scheme}.png`, fullPage: true });
      });
    },
  );

  it.each([
    [1280, 'light'],
    [375, 'dark'],
  ] as const)('takes Revert away from an entry once it is reverted, at %i px, %s', async (width, scheme) => {
    const s = await createSupplier(e.db, { name: `Revertable Mobile ${width}` });
    const { page } = await e.signedInPage({ name: 'Reva Reverter', viewport: { width, height: 900 } });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await renameSupplier(page, s.id, `Reverted Mobile ${width}`);

    await page.goto(`/admin/audit?entityType=supplier&entityId=${s.id}`);
    const table = page.getByRole('table', { name: 'Audit log' });
    const revert = table.getByRole('button', { name: /^Revert entry / });
    await revert.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revert' }).click();
    await page.getByText(`Supplier Revertable Mobile ${width} is back as it was.`).waitFor();
    await table.getByText(/^Undone by Reva Reverter/).waitFor();
    expect(await revert.count()).toBe(0);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.screenshot({ path: `.tmp/screens/audit-reverted-${width}-${scheme}.png`, fullPage: true });
  });
});

/** Renames a supplier through its form, as staff do, and waits for the list it returns to. */
async function renameSupplier(page: Page, id: number, name: string) {
  await page.goto(`/admin/suppliers/${id}/edit`);
  const field = page.getByRole('textbox', { name: /^Name/ });
  await expect.poll(() => field.inputValue()).not.toBe('');
  await field.fill(name);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/admin/suppliers');
}
