import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';
import { cancellationReasons, subscriptions } from '../src/server/db/schema';
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
const picker = (page: Page, subscriptionId: number) =>
  page.getByRole('combobox', { name: `Cancellation reason for subscription ${subscriptionId}`, exact: true });
const reasonOf = async (id: number) =>
  (await e.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.cancellationReasonId;

/** Records every table row that starts sliding away, with its transition, however short the slide. */
function watchSlides(page: Page) {
  return page.evaluate(() => {
    const slides: { text: string; duration: string }[] = [];
    (window as unknown as { slides: typeof slides }).slides = slides;
    new MutationObserver(() => {
      for (const tr of document.querySelectorAll('tr:has([data-row-leaving])')) {
        const text = tr.textContent ?? '';
        if (!slides.some((s) => s.text === text))
          slides.push({ text, duration: getComputedStyle(tr).transitionDuration });
      }
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
}

/** Cancelled subscriptions needing a reason, newest first as the list shows them. */
async function queue(count: number, name: string) {
  const customer = await createCustomer(e.db, { name });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const sub = await createSubscription(e.db, {
      customerId: customer.id,
      orderedAt: new Date(Date.now() - 200 * DAY),
    });
    await createCancellation(e.db, { subscriptionId: sub.id, cancelledAt: new Date(Date.now() - (i + 1) * DAY) });
    ids.push(sub.id);
  }
  return ids;
}

describe('recording cancellation reasons', () => {
  it('picks reasons on three rows one after another; each slides away and the next is ready', async () => {
    const [first, second] = [
      await createCancellationReason(e.db, { name: 'Moved Away', position: 1 }),
      await createCancellationReason(e.db, { name: 'Too Expensive', position: 2 }),
    ];
    const ids = await queue(4, 'Queue Walker');
    const { page } = await e.signedInPage({ at: '/admin/subscriptions?q=Queue%20Walker' });
    await picker(page, ids[0]!).waitFor();

    // Row 1 with the mouse, slowed down so the saving state can be seen.
    await page.route(
      '**/admin/subscriptions/*',
      async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      },
      { times: 1 },
    );
    await watchSlides(page);
    await picker(page, ids[0]!).click();
    await page.getByRole('option', { name: 'Too Expensive' }).click();
    await expect.poll(() => picker(page, ids[0]!).isDisabled()).toBe(true);
    await page.screenshot({ path: '.tmp/screens/subscriptions-row-saving.png' });
    await expect.poll(() => picker(page, ids[0]!).count()).toBe(0);
    expect(await reasonOf(ids[0]!)).toBe(second.id);

    // Row 2: the next row's picker got the focus, so the keyboard carries on.
    await expect.poll(() => picker(page, ids[1]!).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Moved');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => picker(page, ids[1]!).count()).toBe(0);
    expect(await reasonOf(ids[1]!)).toBe(first.id);

    // Row 3.
    await picker(page, ids[2]!).click();
    await page.getByRole('option', { name: 'Moved Away' }).click();
    await expect.poll(() => picker(page, ids[2]!).count()).toBe(0);
    expect(await reasonOf(ids[2]!)).toBe(first.id);

    // Each of the three rows slid away (a CSS transition) before leaving the list.
    const slid = await page.evaluate(
      () => (window as unknown as { slides: { text: string; duration: string }[] }).slides,
    );
    for (const id of ids.slice(0, 3)) {
      expect(slid.find((s) => s.text.includes(`#${id}`))?.duration).toBe('0.26s, 0.26s');
    }

    // The list refilled: only the fourth row is left, and the total says so.
    await expect.poll(() => picker(page, ids[3]!).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('1–1 of 1').isVisible()).toBe(true);
    await page.screenshot({ path: '.tmp/screens/subscriptions-after-three.png' });

    // The detail of a recorded subscription shows its reason and who recorded it.
    await page.goto(`/admin/subscriptions/${ids[0]}`);
    // One change naming both records it wrote on: the subscription's entry and its cancellation's (ADR 055).
    const recorded = page.getByRole('table', { name: 'History' }).getByText('Reason: — → Too Expensive');
    await expect.poll(() => recorded.count()).toBe(2);
    await page.screenshot({ path: '.tmp/screens/subscription-detail-1280.png', fullPage: true });
  });

  it('refills the page from the next one when a row leaves', async () => {
    await createCancellationReason(e.db, { name: 'Refill Reason' });
    const ids = await queue(26, 'Refill Person');
    const { page } = await e.signedInPage({ at: '/admin/subscriptions?q=Refill%20Person' });
    await page.getByText('1–25 of 26').waitFor();
    await expect.poll(() => picker(page, ids[25]!).count()).toBe(0);
    await picker(page, ids[0]!).click();
    await page.getByRole('option', { name: 'Refill Reason' }).click();
    await picker(page, ids[25]!).waitFor();
    await page.getByText('1–25 of 25').waitFor();
    await expect.poll(() => picker(page, ids[0]!).count()).toBe(0);
  });

  it('shows a refusal on the row, keeps the row and gives the control back', async () => {
    const doomed = await createCancellationReason(e.db, { name: 'Retired Meanwhile', position: 1 });
    const [id] = await queue(1, 'Refused Row');
    const { page } = await e.signedInPage({ at: '/admin/subscriptions?q=Refused%20Row' });
    await picker(page, id!).click();
    // Another user retires the reason while this page still offers it.
    await e.db
      .update(cancellationReasons)
      .set({ active: false })
      .where(inArray(cancellationReasons.id, [doomed.id]));
    await page.getByRole('option', { name: 'Retired Meanwhile' }).click();
    await expect
      .poll(() =>
        page.getByText('The selected cancellation reason has been retired. Choose another reason.').isVisible(),
      )
      .toBe(true);
    await expect.poll(() => picker(page, id!).isEnabled()).toBe(true);
    expect(await reasonOf(id!)).toBe(0);
  });

  it('shows the subscription detail with its cancellation, reason and history, and lays out on a phone', async () => {
    const reason = await createCancellationReason(e.db, { name: 'Detail Shown Reason' });
    const [id] = await queue(1, 'Detail Person');
    const { page } = await e.signedInPage({
      viewport: { width: 375, height: 800 },
      at: '/admin/subscriptions?q=Detail%20Person',
    });
    await picker(page, id!).waitFor();
    await page.screenshot({ path: '.tmp/screens/subscriptions-375.png', fullPage: true });
    await page.getByRole('link', { name: `#${id}` }).click();
    await page.getByRole('heading', { name: `Subscription #${id}` }).waitFor();
    await picker(page, id!).click();
    await page.getByRole('option', { name: 'Detail Shown Reason' }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'History' }).getByText('Cancellation reason changed').isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('table', { name: 'History' }).getByText('Reason: — → Detail Shown Reason').count())
      .toBe(2);
    expect(await reasonOf(id!)).toBe(reason.id);
    await page.screenshot({ path: '.tmp/screens/subscription-detail-375.png', fullPage: true });
  });

  it('lists cancellations needing a reason and records one from there, without motion when the user asks for less', async () => {
    const reason = await createCancellationReason(e.db, { name: 'From Cancellations' });
    const [id] = await queue(1, 'Cancellation Lister');
    const { page } = await e.signedInPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/admin/subscription-cancellations?q=Cancellation%20Lister');
    await watchSlides(page);
    const control = page.getByRole('combobox', { name: /^Cancellation reason for cancellation \d+$/ });
    await control.click();
    await page.getByRole('option', { name: 'From Cancellations' }).click();
    await expect.poll(() => control.count()).toBe(0);
    expect(await reasonOf(id!)).toBe(reason.id);
    const slid = await page.evaluate(() => (window as unknown as { slides: { duration: string }[] }).slides);
    // With less motion asked for, the row leaves at once: it is never seen sliding.
    expect(slid).toEqual([]);
    await page.screenshot({ path: '.tmp/screens/cancellations-1280.png' });
  });
});
