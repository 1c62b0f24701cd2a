import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startE2E, type E2E } from './support/harness';
import { equipment, subscriptionCancellations } from '../src/server/db/schema';
import { createCancellation, createCancellationReason, createEquipment } from '../src/server/test/factories';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('bulk actions', () => {
  it('marks many held phones received with each one’s confirmation, and names the one refused and why', async () => {
    const imeis = ['356600000000901', '356600000000902', '356600000000903'];
    const items = [];
    for (const imei of imeis) items.push(await createEquipment(e.db, { state: 'hold', imei }));
    const { page } = await e.signedInPage({ role: 'operations', at: '/admin/equipment#hold' });
    const table = page.getByRole('table', { name: 'Equipment Hold equipment' });
    await table.getByText(imeis[2]!).waitFor();
    await page.getByRole('checkbox', { name: 'Choose every row on this page' }).check();
    const bar = page.getByRole('region', { name: 'Actions for the chosen rows' });
    await expect.poll(() => bar.textContent()).toContain('3 chosen');
    // Someone else moves one of them meanwhile.
    await e.db.update(equipment).set({ state: 'returning' }).where(eq(equipment.id, items[1]!.id));

    await bar.getByRole('button', { name: 'Mark as Received' }).click();
    const dialog = page.getByRole('dialog');
    for (const imei of imeis)
      await dialog
        .getByText(`If you continue, IMEI ${imei} will be removed from equipment hold and moved to unbuilt equipment.`)
        .waitFor();
    await page.screenshot({ path: '.tmp/screens/bulk-received-confirm-1280.png' });
    await dialog.getByRole('button', { name: 'Mark 3 as Received' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('1 of 3 not changed').waitFor();
    await page
      .getByText(`IMEI ${imeis[1]}: IMEI ${imeis[1]} is not on equipment hold: it is listed as Returning.`)
      .waitFor();
    await page.getByText('2 moved to unbuilt equipment.').waitFor();
    const states = await e.db
      .select({ id: equipment.id, state: equipment.state })
      .from(equipment)
      .where(
        inArray(
          equipment.id,
          items.map((i) => i.id),
        ),
      );
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({
      [items[0]!.id]: 'unbuilt',
      [items[1]!.id]: 'returning',
      [items[2]!.id]: 'unbuilt',
    });
    // The list reloads; the refused row is no longer on hold, so nothing shown stays chosen.
    await expect.poll(() => table.getByText(imeis[0]!).count()).toBe(0);
    await page.screenshot({ path: '.tmp/screens/bulk-received-summary-1280.png' });
    expect(await bar.count()).toBe(0);
  });

  it('records one reason on the chosen cancellations', async () => {
    const reason = await createCancellationReason(e.db, { name: 'Moved out of area' });
    const rows = [await createCancellation(e.db), await createCancellation(e.db), await createCancellation(e.db)];
    const { page } = await e.signedInPage({ role: 'operations', at: '/admin/subscription-cancellations' });
    const table = page.getByRole('table', { name: 'Cancellations' });
    await table.getByRole('checkbox', { name: `Choose cancellation ${rows[0]!.id}` }).check();
    await table.getByRole('checkbox', { name: `Choose cancellation ${rows[2]!.id}` }).check();
    const bar = page.getByRole('region', { name: 'Actions for the chosen rows' });
    await bar.getByRole('combobox', { name: 'Reason for the chosen cancellations' }).click();
    await page.getByRole('option', { name: 'Moved out of area' }).click();
    await bar.getByRole('button', { name: 'Record for 2' }).click();
    await page.getByText('Moved out of area recorded on 2 cancellations.').waitFor();
    const saved = await e.db
      .select({ id: subscriptionCancellations.id, reason: subscriptionCancellations.cancellationReasonId })
      .from(subscriptionCancellations)
      .where(
        inArray(
          subscriptionCancellations.id,
          rows.map((r) => r.id),
        ),
      );
    expect(Object.fromEntries(saved.map((s) => [s.id, s.reason]))).toEqual({
      [rows[0]!.id]: reason.id,
      [rows[1]!.id]: 0,
      [rows[2]!.id]: reason.id,
    });
    expect(await bar.count()).toBe(0);
    await page.setViewportSize({ width: 375, height: 800 });
    // On a phone the rows are cards, each keeping its checkbox.
    const cards = page.getByRole('list', { name: 'Cancellations' });
    await cards.getByRole('checkbox', { name: `Choose cancellation ${rows[1]!.id}` }).check();
    await bar.waitFor();
    await page.screenshot({ path: '.tmp/screens/bulk-reason-375.png', fullPage: true });
  });

  it('takes back a reason recorded on many cancellations with the Undo of its toast', async () => {
    await createCancellationReason(e.db, { name: 'Bulk undo reason' });
    const rows = [await createCancellation(e.db), await createCancellation(e.db)];
    const { page } = await e.signedInPage({ role: 'operations', at: '/admin/subscription-cancellations' });
    const table = page.getByRole('table', { name: 'Cancellations' });
    for (const row of rows) await table.getByRole('checkbox', { name: `Choose cancellation ${row.id}` }).check();
    const bar = page.getByRole('region', { name: 'Actions for the chosen rows' });
    await bar.getByRole('combobox', { name: 'Reason for the chosen cancellations' }).click();
    await page.getByRole('option', { name: 'Bulk undo reason' }).click();
    await bar.getByRole('button', { name: 'Record for 2' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Bulk undo reason recorded on 2 cancellations.' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Took back 2 of 2 changes.').waitFor();
    const reasons = await e.db
      .select({ reason: subscriptionCancellations.cancellationReasonId })
      .from(subscriptionCancellations)
      .where(
        inArray(
          subscriptionCancellations.id,
          rows.map((r) => r.id),
        ),
      );
    expect(reasons.map((r) => r.reason)).toEqual([0, 0]);
  });
});
