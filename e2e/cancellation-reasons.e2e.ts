import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support/harness';
import {
  createCancellation,
  createCancellationReason,
  createCustomer,
  createSubscription,
} from '../src/server/test/factories';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const DAY = 86_400_000;

describe('cancellation reasons', () => {
  it('adds a reason through the link and the picker offers it at its position', async () => {
    await createCancellationReason(e.db, { name: 'Poor Coverage', position: 1 });
    await createCancellationReason(e.db, { name: 'Too Expensive', position: 2 });
    await createCancellationReason(e.db, { name: 'Deceased', position: 3 });
    const customer = await createCustomer(e.db, { name: 'Picker Order' });
    const sub = await createSubscription(e.db, {
      customerId: customer.id,
      orderedAt: new Date(Date.now() - 100 * DAY),
    });
    await createCancellation(e.db, { subscriptionId: sub.id });

    const { page } = await e.signedInPage({ at: '/admin/cancellation-reasons' });
    // At 1280 px the link opens the form in a modal.
    await page.getByRole('link', { name: 'Add reason' }).click();
    const modal = page.frameLocator('iframe[title="Add cancellation reason"]');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => modal.getByText('The name field is required.').first().isVisible()).toBe(true);
    await modal.getByLabel('Name').fill('Moved Abroad');
    await modal.getByLabel('Position in the picker').fill('2');
    await page.screenshot({ path: '.tmp/screens/reason-create-modal.png' });
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    const names = () => page.locator('tbody tr td:nth-child(2) p').allTextContents();
    await expect.poll(names).toEqual(['Poor Coverage', 'Moved Abroad', 'Too Expensive', 'Deceased']);

    // Reordering with the keyboard: the focus stays with the moved reason, and the order persists.
    await page.getByRole('button', { name: 'Move Deceased up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Poor Coverage', 'Moved Abroad', 'Deceased', 'Too Expensive']);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move Deceased up');
    await page.reload();
    await expect.poll(names).toEqual(['Poor Coverage', 'Moved Abroad', 'Deceased', 'Too Expensive']);
    await page.screenshot({ path: '.tmp/screens/reasons-1280.png' });

    await page.goto('/admin/subscriptions?q=Picker%20Order');
    await page.getByRole('combobox', { name: `Cancellation reason for subscription ${sub.id}` }).click();
    await expect
      .poll(() => page.getByRole('option').allTextContents())
      .toEqual(['Poor Coverage', 'Moved Abroad', 'Deceased', 'Too Expensive']);
  });

  it('retires a reason in use, which leaves the picker, and refuses to delete it with the reason why', async () => {
    const reason = await createCancellationReason(e.db, { name: 'Promotion Ended' });
    await createCancellation(e.db, { cancellationReasonId: reason.id });
    const { page } = await e.signedInPage({ viewport: { width: 375, height: 800 }, at: '/admin/cancellation-reasons' });
    await page.getByRole('button', { name: 'Delete Promotion Ended' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'cannot be deleted' }).textContent())
      .toContain('"Promotion Ended" is recorded on subscriptions, so it cannot be deleted.');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Below 768 px the link opens the full page.
    await page.getByRole('link', { name: 'Add reason' }).click();
    await page.waitForURL('**/admin/cancellation-reasons/create?view=fullscreen');
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.fill('promotion ENDED');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('The name has already been taken.').first().isVisible()).toBe(true);
    await name.fill('Found Cheaper Plan');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/cancellation-reasons');
    await page.getByText('Found Cheaper Plan').waitFor();

    await page.getByRole('button', { name: 'Retire Promotion Ended' }).click();
    await page.getByRole('button', { name: 'Retire', exact: true }).click();
    await expect.poll(() => page.getByText('Retired', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The screenshot once the toasts have gone.
    await expect.poll(() => page.locator('.mantine-Notification-root').count()).toBe(0);
    await page.screenshot({ path: '.tmp/screens/reasons-375.png', fullPage: true });
  });
});
