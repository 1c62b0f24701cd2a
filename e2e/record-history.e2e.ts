import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inEachScheme, startE2E, type E2E } from './support/harness';
import { createSupplier } from '../src/server/test/factories';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe("a record's history", () => {
  it.each([1280, 375])(
    'reads like the audit log at %i px, light and dark: the changed field as old → new, its undo with it',
    async (width) => {
      const original = `Historic Mobile ${width}`;
      const mistaken = `Mistaken Mobile with a name long enough to wrap ${width}`;
      const s = await createSupplier(e.db, { name: original, contactName: 'Hal Contact' });
      const { page } = await e.signedInPage({
        role: 'operations',
        name: 'Hedda Historian',
        viewport: { width, height: 900 },
      });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/admin/suppliers/${s.id}/edit`);
      const name = page.getByRole('textbox', { name: /^Name/ });
      await expect.poll(() => name.inputValue()).toBe(original);
      await name.fill(mistaken);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL('**/admin/suppliers');
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await page.getByText(`Supplier ${original} is back as it was.`).waitFor();

      await page.goto(`/admin/suppliers/${s.id}/edit`);
      const history = page.getByRole('table', { name: 'History' });
      const change = history.getByRole('row').filter({ hasText: 'Undone by' });
      const text = () => change.textContent();
      await expect.poll(text).toContain(`Name: ${original} → ${mistaken}`);
      await expect.poll(text).toMatch(/Undone by Hedda Historian \d/);
      await expect.poll(text).toContain(`Name: ${mistaken} → ${original}`);
      // Only what changed: the contact, the same before and after, is not listed.
      expect(await text()).not.toContain('Contact name');
      // The undo is part of the change, not rows of its own (the supplier was made with no entry).
      await expect.poll(() => history.locator('tbody tr').count()).toBe(1);
      expect(await history.getByText('change.reverted').count()).toBe(0);
      expect(await history.getByText(/^\{/).count()).toBe(0);
      // Long values wrap within their cell, and the table fits the window.
      const cut = await change
        .getByRole('listitem')
        .evaluateAll((items) => items.filter((li) => li.scrollWidth > li.clientWidth + 1).length);
      expect(cut).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await history.scrollIntoViewIfNeeded();
      await inEachScheme(page, async (scheme) => {
        await page.screenshot({ path: `.tmp/screens/record-history-${width}-${scheme}.png`, fullPage: true });
      });
    },
  );
});
