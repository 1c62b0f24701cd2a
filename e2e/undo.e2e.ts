import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inEachScheme, startE2E, type E2E } from './support/harness';
import { cancellationReasons, subscriptionCancellations, suppliers } from '../src/server/db/schema';
import { createCancellation, createCancellationReason, createSupplier } from '../src/server/test/factories';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const supplierName = async (id: number) =>
  (await e.db.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, id)))[0]!.name;

describe('undo and revert', () => {
  it('takes back a supplier edit from its toast', async () => {
    const s = await createSupplier(e.db, { name: 'Undoable Mobile' });
    const { page } = await e.signedInPage({ role: 'operations', at: `/admin/suppliers/${s.id}/edit` });
    const name = page.getByRole('textbox', { name: /^Name/ });
    await expect.poll(() => name.inputValue()).toBe('Undoable Mobile');
    await name.fill('Mistaken Mobile');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/admin/suppliers');
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    await undo.waitFor();
    await page.screenshot({ path: '.tmp/screens/undo-toast-1280.png' });
    expect(await supplierName(s.id)).toBe('Mistaken Mobile');
    await undo.click();
    await page.getByText('Supplier Undoable Mobile is back as it was.').waitFor();
    expect(await supplierName(s.id)).toBe('Undoable Mobile');
    await page.getByRole('table', { name: 'Suppliers' }).getByText('Undoable Mobile').waitFor();
  });

  it('takes back a cancellation reason picked in the list', async () => {
    const reason = await createCancellationReason(e.db, { name: 'Undo Coverage' });
    const c = await createCancellation(e.db);
    const { page } = await e.signedInPage({ role: 'operations', at: '/admin/subscription-cancellations' });
    await page.getByRole('combobox', { name: `Cancellation reason for cancellation ${c.id}` }).click();
    await page.getByRole('option', { name: 'Undo Coverage' }).click();
    await page.getByText(`Undo Coverage recorded for cancellation ${c.id}.`).waitFor();
    const reasonOf = async () =>
      (await e.db.select().from(subscriptionCancellations).where(eq(subscriptionCancellations.id, c.id)))[0]!
        .cancellationReasonId;
    expect(await reasonOf()).toBe(reason.id);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText('The reason is cleared again.').waitFor();
    expect(await reasonOf()).toBe(0);
  });

  it.each([1280, 375])(
    'shows the Undo toast whole, announced, and clear of every control of the header at %i px, light and dark',
    async (width) => {
      await createCancellationReason(e.db, { name: `Toast ${width}` });
      const c = await createCancellation(e.db);
      const { page } = await e.signedInPage({ role: 'operations', viewport: { width, height: 800 } });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/admin/subscription-cancellations');
      await page.getByRole('combobox', { name: `Cancellation reason for cancellation ${c.id}` }).click();
      await page.getByRole('option', { name: `Toast ${width}` }).click();
      const toast = page.getByRole('alert').filter({ hasText: `recorded for cancellation ${c.id}.` });
      await toast.waitFor();
      await page.waitForFunction(() => !document.getAnimations().some((a) => a.playState === 'running'));
      await inEachScheme(page, async (scheme) => {
        await page.screenshot({ path: `.tmp/screens/undo-toast-${width}-${scheme}.png` });
      });

      await expect.poll(() => toast.textContent()).toContain('Undo is possible for 10 seconds.');
      const undo = toast.getByRole('button', { name: 'Undo', exact: true });
      // The label is not cut: the button is as wide as its text needs.
      const clipped = await undo.evaluate((button) => {
        const label = button.querySelector('.mantine-Button-label') ?? button;
        return label.scrollWidth > label.clientWidth || button.scrollWidth > button.clientWidth;
      });
      expect(clipped).toBe(false);

      const box = (await toast.boundingBox())!;
      const controls = page.getByRole('banner').locator('button, a, input');
      for (let i = 0; i < (await controls.count()); i++) {
        const control = (await controls.nth(i).boundingBox())!;
        if (!control || control.width === 0) continue;
        const overlaps =
          box.x < control.x + control.width &&
          control.x < box.x + box.width &&
          box.y < control.y + control.height &&
          control.y < box.y + box.height;
        expect(overlaps, `the toast covers ${await controls.nth(i).evaluate((el) => el.outerHTML.slice(0, 120))}`).toBe(
          false,
        );
      }
    },
  );

  it('lets an Administrator revert an edit from its audit entry, and says when the record changed since', async () => {
    const s = await createSupplier(e.db, { name: 'Audited Mobile' });
    const { page } = await e.signedInPage({ name: 'Rhea Reverter', at: `/admin/suppliers/${s.id}/edit` });
    const name = page.getByRole('textbox', { name: /^Name/ });
    await expect.poll(() => name.inputValue()).toBe('Audited Mobile');
    await name.fill('Audited Mobile 2');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/admin/suppliers');

    await page.goto(`/admin/audit?entityType=supplier&entityId=${s.id}&action=supplier.updated`);
    const table = page.getByRole('table', { name: 'Audit log' });
    await table
      .getByRole('button', { name: /^Revert entry / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Revert' }).click();
    await page.getByText('Supplier Audited Mobile is back as it was.').waitFor();
    expect(await supplierName(s.id)).toBe('Audited Mobile');
    await page.screenshot({ path: '.tmp/screens/audit-revert-1280.png' });

    // The entry taken back offers Revert no more; one shown before someone changed the record is refused.
    await expect.poll(() => table.getByRole('button', { name: /^Revert entry / }).count()).toBe(0);
    await page.goto(`/admin/suppliers/${s.id}/edit`);
    await expect.poll(() => name.inputValue()).toBe('Audited Mobile');
    await name.fill('Audited Mobile 3');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/admin/suppliers');
    await page.goto(`/admin/audit?entityType=supplier&entityId=${s.id}&action=supplier.updated`);
    const revert = table.getByRole('button', { name: /^Revert entry / });
    await revert.waitFor();
    await e.db.update(suppliers).set({ name: 'Audited Mobile 4' }).where(eq(suppliers.id, s.id));
    await revert.click();
    await dialog.getByRole('button', { name: 'Revert' }).click();
    await dialog.getByText('This record has changed since; nothing was reverted.').waitFor();
    expect(await supplierName(s.id)).toBe('Audited Mobile 4');
  });

  it('takes back the retirement of a reason from its toast', async () => {
    const reason = await createCancellationReason(e.db, { name: 'Undo Retired Reason' });
    const { page } = await e.signedInPage({ at: '/admin/cancellation-reasons' });
    await page.getByRole('button', { name: 'Retire Undo Retired Reason' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Retire' }).click();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText('Undo Retired Reason is back in the picker.').waitFor();
    const [row] = await e.db.select().from(cancellationReasons).where(eq(cancellationReasons.id, reason.id));
    expect(row!.active).toBe(true);
  });

  it('puts the reasons back in their order from the toast of a move', async () => {
    const first = await createCancellationReason(e.db, { name: 'Order First', position: 1 });
    await createCancellationReason(e.db, { name: 'Order Second', position: 2 });
    const { page } = await e.signedInPage({ at: '/admin/cancellation-reasons' });
    const positionOf = async () =>
      (await e.db.select().from(cancellationReasons).where(eq(cancellationReasons.id, first.id)))[0]!.position;
    const before = await positionOf();
    await page.getByRole('button', { name: 'Move Order First down' }).click();
    await expect.poll(positionOf).toBe(before + 1);
    await page.getByText('Order saved.').waitFor();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText('The order is back as it was.').waitFor();
    expect(await positionOf()).toBe(before);
  });
});
