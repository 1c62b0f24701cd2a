import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inEachScheme, startE2E, type E2E } from './support/harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E({ BUSINESS_TIMEZONE: 'America/Chicago' });
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
});
