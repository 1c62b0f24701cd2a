import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { inEachScheme, startE2E, type E2E } from './support/harness';
import { seriousViolations } from './support/accessibility';
import { createCustomer, createSubscription } from '../src/server/test/factories';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** No subscription has this number (the factories' ids stay far below it); the old palette offered it anyway. */
const MISSING_SUBSCRIPTION = 987654321;

/** Opens the palette as a user of that window does: the shortcut on a desktop, the header's button on a phone. */
async function openPalette(page: Page, width: number) {
  if (width < 600)
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Search/ })
      .click();
  else {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Control+K');
  }
  const box = page.getByRole('combobox', { name: 'Search everywhere' });
  await box.waitFor();
  return box;
}

/** The palette's results, as a screen reader is told of them: options of a listbox. */
const results = (page: Page) => page.getByRole('listbox', { name: 'Search everywhere' });

/**
 * The text of the option the combobox names as active (aria-activedescendant), which is the one option marked
 * selected; null when it names none, or names an element that is not that option.
 */
function activeOption(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const box = document.querySelector('[role="combobox"][aria-label="Search everywhere"]');
    const active = document.getElementById(box?.getAttribute('aria-activedescendant') ?? '');
    const selected = document.querySelectorAll('[role="listbox"] [role="option"][aria-selected="true"]');
    return active?.getAttribute('role') === 'option' && selected.length === 1 && selected[0] === active
      ? active.textContent
      : null;
  });
}

/** Whether `locator` is drawn across its width (its ends and middle): nothing of the page covers any of it. */
const drawnOnTop = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const y = box.y + box.height / 2;
    return [box.left + 4, box.x + box.width / 2, box.right - 4].every((x) =>
      el.contains(document.elementFromPoint(x, y)),
    );
  });

describe('the command palette', () => {
  it.each([1280, 375])(
    'offers only records that exist as options, the first active so Enter opens it, at %i px, light and dark',
    async (width) => {
      const tag = `${width}`;
      const customer = await createCustomer(e.db, {
        name: `Ottilie Combobox${tag}`,
        email: `jsmith.${tag}@palette-${tag}.example`,
      });
      const other = await createCustomer(e.db, { name: `Otto Combobox${tag}` });
      const subscription = await createSubscription(e.db, { customerId: customer.id });
      const { page } = await e.signedInPage({ viewport: { width, height: 800 } });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/admin/customers');
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();

      // A name: both customers are options of the listbox, the first is active at once; ↓ and ↑ move, round the ends.
      let box = await openPalette(page, width);
      await box.fill(`Combobox${tag}`);
      await results(page)
        .getByRole('option', { name: new RegExp(`Otto Combobox${tag}`) })
        .waitFor();
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      expect(await box.getAttribute('aria-controls')).toBe(await results(page).getAttribute('id'));
      expect(await results(page).getByRole('option').count()).toBe(2);
      const first = await activeOption(page);
      expect(first).toMatch(/Combobox/);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => activeOption(page)).not.toBe(first);
      const second = await activeOption(page);
      expect(second).toMatch(/Combobox/);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => activeOption(page)).toBe(first);
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => activeOption(page)).toBe(second);
      await inEachScheme(page, async (scheme) => {
        await page.screenshot({ path: `.tmp/screens/palette-name-${width}-${scheme}.png` });
        expect(await seriousViolations(page)).toEqual([]);
      });
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => activeOption(page)).toBe(first);
      await page.keyboard.press('Enter');
      const firstId = first!.includes('Ottilie') ? customer.id : other.id;
      await page.waitForURL(`**/admin/customers/${firstId}`);
      await box.waitFor({ state: 'hidden' });

      // An existing subscription's number is offered once found, and Enter alone opens it.
      box = await openPalette(page, width);
      await box.fill(String(subscription.id));
      const offered = results(page).getByRole('option', { name: new RegExp(`Subscription #${subscription.id}\\b`) });
      await offered.waitFor();
      await expect.poll(() => activeOption(page)).toContain(`Subscription #${subscription.id}`);
      expect(await offered.textContent()).toContain(`Ottilie Combobox${tag}`);
      await page.screenshot({ path: `.tmp/screens/palette-subscription-${width}.png` });
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/admin/subscriptions/${subscription.id}`);
      await page.getByRole('heading', { name: `Subscription #${subscription.id}` }).waitFor();

      // A number no subscription has is not offered at all: nothing is found.
      box = await openPalette(page, width);
      await box.fill(String(MISSING_SUBSCRIPTION));
      await page.getByRole('dialog').getByRole('status').filter({ hasText: 'Nothing found' }).waitFor();
      expect(await page.getByRole('option').count()).toBe(0);
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await page.screenshot({ path: `.tmp/screens/palette-nothing-${width}.png` });

      // "#" and the id finds the customer; Enter opens them.
      await box.fill(`#${customer.id}`);
      await results(page)
        .getByRole('option', { name: new RegExp(`Ottilie Combobox${tag}`) })
        .waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/admin/customers/${customer.id}`);
      await page.getByRole('heading', { name: `Ottilie Combobox${tag}`, level: 1 }).waitFor();

      // Any part of the e-mail address finds them too: before the "@" and after it. The customer's page has a map,
      // whose panes and controls the options are drawn over.
      await page.locator('.leaflet-container').waitFor();
      for (const part of [`jsmith.${tag}`, `@palette-${tag}`]) {
        box = await openPalette(page, width);
        await box.fill(part);
        const found = results(page).getByRole('option', { name: new RegExp(`Ottilie Combobox${tag}`) });
        await found.waitFor();
        await expect.poll(() => activeOption(page)).toContain(`Ottilie Combobox${tag}`);
        // Polled: the list can still move as the other kinds of results arrive; a map drawn over it never settles.
        await expect.poll(() => drawnOnTop(found)).toBe(true);
        await page.screenshot({ path: `.tmp/screens/palette-email-${width}.png` });
        await page.keyboard.press('Escape');
        await box.waitFor({ state: 'hidden' });
      }
    },
  );

  it('finds nothing, and has no call refused, for text no record can hold: 200 characters, %, _, emoji, a NUL', async () => {
    const { page } = await e.signedInPage({ at: '/admin/customers' });
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    const refused: string[] = [];
    page.on('response', (res) => res.status() >= 400 && refused.push(`${res.status()} ${res.url()}`));
    const box = await openPalette(page, 1280);
    for (const text of ['x'.repeat(200), '%%%', '___', '🙂🙂🙂', 'abc\u0000def']) {
      await box.fill(text);
      await page.getByRole('dialog').getByRole('status').filter({ hasText: 'Nothing found' }).waitFor();
    }
    expect(await page.getByRole('option').count()).toBe(0);
    expect(refused).toEqual([]);
  });

  it('asks nothing a field rep may not see: no subscription or customer is offered, no call is refused', async () => {
    const customer = await createCustomer(e.db, { name: 'Rhoda Repunseen' });
    const subscription = await createSubscription(e.db, { customerId: customer.id });
    const { page } = await e.signedInPage({ role: 'field-rep', isRep: true, viewport: { width: 375, height: 800 } });
    await page.waitForURL('**/admin/prospects');
    const refused: string[] = [];
    page.on('response', (res) => res.status() >= 400 && refused.push(`${res.status()} ${res.url()}`));

    const box = await openPalette(page, 375);
    await box.fill(String(subscription.id));
    await page.getByRole('dialog').getByRole('status').filter({ hasText: 'Nothing found' }).waitFor();
    await box.fill('Repunseen');
    await page.getByRole('dialog').getByRole('status').filter({ hasText: 'Nothing found' }).waitFor();
    // Their own pages are still offered.
    await box.fill('Prosp');
    await results(page)
      .getByRole('option', { name: /Prospects/ })
      .waitFor();
    expect(refused).toEqual([]);
  });
});
