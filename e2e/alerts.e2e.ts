import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inEachScheme, startE2E, type E2E } from './support/harness';
import {
  createCancellation,
  createCredit,
  createDevice,
  createProduct,
  createSubscription,
} from '../src/server/test/factories';

const DAY_MS = 86_400_000;
let e: E2E;
beforeAll(async () => {
  e = await startE2E({ BUSINESS_TIMEZONE: 'America/Chicago' });
  // Two 21-day returns on the latest deployed devices of one model, and credits due now and later.
  const phone = await createProduct(e.db, { model: 'Alert Drill Phone' });
  for (let i = 0; i < 2; i++) {
    const device = await createDevice(e.db, { productId: phone.id });
    const sub = await createSubscription(e.db, { deviceId: device.id, orderedAt: new Date(Date.now() - 2 * DAY_MS) });
    await createCancellation(e.db, { subscriptionId: sub.id, cancelledAt: new Date() });
  }
  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  await createCredit(e.db, { amount: '120.00', dueOn: inDays(3) });
  await createCredit(e.db, { amount: '480.00', dueOn: inDays(45) });
});
afterAll(() => e?.close());

describe('alerts and the digest', () => {
  it.each([1280, 375])(
    'an analyst makes an alert from a chart’s menu and from a figure, sees its first check, snoozes and deletes it, and starts a digest (%i px)',
    async (width) => {
      const { page } = await e.signedInPage({ role: 'analyst', viewport: { width, height: 900 } });
      // A closed menu leaves at once (the theme respects reduced motion), not through a fade.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/admin');
      const churn = page.locator('section[data-chart="churn-trend"]');
      await churn.scrollIntoViewIfNeeded();
      await churn.getByRole('button', { name: /download or show as a table/ }).click();
      await page.getByRole('menuitem', { name: 'Alert me…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Alert me: Cancellation/churn rate' });
      await dialog.getByLabel('Value').fill('12.5');
      await dialog.getByRole('button', { name: 'Save alert' }).click();
      await page.getByText('Alert saved', { exact: false }).waitFor();

      // A figure at a glance: alerted on a change against the days before.
      await page.getByRole('button', { name: 'Alert me: New orders' }).click();
      const tile = page.getByRole('dialog', { name: 'Alert me: New orders' });
      await tile.getByText('Changes by', { exact: true }).click();
      await tile.getByLabel('Change of more than (%)').fill('abc');
      await tile.getByRole('button', { name: 'Save alert' }).click();
      await tile.getByText('Enter a number (at most 4 decimals).').first().waitFor();
      await tile.getByLabel('Change of more than (%)').fill('20');
      await tile.getByRole('button', { name: 'Save alert' }).click();
      await tile.waitFor({ state: 'detached' });

      await page.goto('/admin/notifications');
      await page.getByRole('heading', { name: 'Alerts & digests', level: 1 }).waitFor();
      await page.getByText('Above 12.5 · Past Year · checked daily at 07:00').waitFor();
      await page.getByText('Changes by more than 20 % · Last 30 days · checked daily at 07:00').waitFor();
      // Each rule's first check was queued when it was made: the page shows its outcome without a reload.
      await expect.poll(() => page.getByText('Not yet', { exact: true }).count()).toBe(0);

      const actions = (rule: string) => page.getByRole('menu', { name: `Actions of the alert ${rule}` });
      await page.getByRole('button', { name: 'Actions of the alert New orders' }).click();
      await actions('New orders').getByRole('menuitem', { name: 'Snooze for a week' }).click();
      await page.getByText('Alert snoozed', { exact: false }).waitFor();
      await page.getByText('Snoozed', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Actions of the alert Cancellation/churn rate' }).click();
      await actions('Cancellation/churn rate').getByRole('menuitem', { name: 'History' }).click();
      await page
        .getByRole('dialog', { name: 'History: Cancellation/churn rate' })
        .getByText('It has not fired yet.')
        .waitFor();
      await page.keyboard.press('Escape');

      const digest = page.getByRole('region', { name: 'Digest' });
      await digest.getByLabel('Charts drawn in it').click();
      await page.getByRole('option', { name: 'Subscription Activity (Past Year)', exact: true }).click();
      await page.getByRole('option', { name: 'Cancellation/churn rate (Past Year)' }).click();
      await page.keyboard.press('Escape');
      await digest.getByRole('button', { name: 'Start digest' }).click();
      await page.getByText('Digest saved.').waitFor();
      // Chosen in business time, said in business time whatever the browser's zone.
      await digest.getByText(/^Next e-mail: Mon, \w{3} \d{1,2}, 08:00\./).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await inEachScheme(page, (scheme) =>
        page.screenshot({ path: `.tmp/screens/alerts-${width}-${scheme}.png`, fullPage: true }).then(() => undefined),
      );

      await page.getByRole('button', { name: 'Actions of the alert Cancellation/churn rate' }).click();
      await actions('Cancellation/churn rate').getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete this alert' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Alert deleted.').waitFor();
      await expect.poll(() => page.getByText('Above 12.5 · Past Year', { exact: false }).count()).toBe(0);
    },
  );

  it.each([1280, 375])(
    'an analyst alerts on a model’s returns and on the remaining credits from their charts’ menus, and has both charts drawn in the digest (%i px)',
    async (width) => {
      const { page } = await e.signedInPage({ role: 'analyst', viewport: { width, height: 900 } });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/admin');
      const openMenuItem = async (chart: string, title: string) => {
        const card = page.locator(`section[data-chart="${chart}"]`);
        await card.scrollIntoViewIfNeeded();
        await card.locator('[data-drawn="true"]').waitFor({ timeout: 20_000 });
        await card.getByRole('button', { name: `${title}: download or show as a table` }).click();
        await page.getByRole('menuitem', { name: 'Alert me…' }).click();
      };

      await openMenuItem('return-rate-by-model', '21-day returns by product');
      const returns = page.getByRole('dialog', { name: 'Alert me: 21-day returns by product' });
      await returns.getByLabel('Model').click();
      await page.getByRole('option', { name: 'Alert Drill Phone', exact: true }).click();
      // A count among the latest devices has no period before it: no change to watch.
      expect(await returns.getByText('Changes by').count()).toBe(0);
      await returns.getByLabel('Value').fill('1');
      await inEachScheme(page, (scheme) =>
        returns.screenshot({ path: `.tmp/screens/alerts-returns-dialog-${width}-${scheme}.png` }).then(() => undefined),
      );
      await returns.getByRole('button', { name: 'Save alert' }).click();
      await page.getByText('Alert saved', { exact: false }).waitFor();
      await returns.waitFor({ state: 'detached' });

      await openMenuItem('upcoming-credits', 'Next 4 Weeks');
      const credits = page.getByRole('dialog', { name: 'Alert me: Remaining Credits' });
      await credits.getByText('In dollars, as the card shows it.').waitFor();
      expect(await credits.getByText('Changes by').count()).toBe(0);
      await credits.getByLabel('Value').fill('400');
      await credits.getByRole('button', { name: 'Save alert' }).click();
      await credits.waitFor({ state: 'detached' });

      await page.goto('/admin/notifications');
      await page.getByText('21-day returns by product · Alert Drill Phone', { exact: true }).waitFor();
      await page.getByText('Above 1 · Latest 100 deployed devices · checked daily at 07:00').waitFor();
      await page.getByText('Remaining Credits', { exact: true }).waitFor();
      await page.getByText('Above 400 · Due after the next 4 weeks · checked daily at 07:00').waitFor();
      // The first check read both figures as the cards show them: 2 returns, $480.00 due after 4 weeks; both fire.
      await expect.poll(() => page.getByText('Firing', { exact: true }).count(), { timeout: 20_000 }).toBe(2);

      const digest = page.getByRole('region', { name: 'Digest' });
      await digest.getByLabel('Charts drawn in it').click();
      await page.getByRole('option', { name: 'Next 4 Weeks', exact: true }).click();
      await page.getByRole('option', { name: '21-day returns by product (Latest 100 deployed devices)' }).click();
      await page.keyboard.press('Escape');
      await digest.getByRole('button', { name: 'Start digest' }).click();
      await page.getByText('Digest saved.').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await inEachScheme(page, (scheme) =>
        page
          .screenshot({ path: `.tmp/screens/alerts-figures-${width}-${scheme}.png`, fullPage: true })
          .then(() => undefined),
      );
    },
  );
});
