import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inEachScheme, startE2E, type E2E } from './support/harness';
import type { BackgroundJob } from '../src/server/jobs/background-work';

/** The digest's mail server: it refuses until the test lets it work. */
const mail = { working: false };
const jobs = (): BackgroundJob[] => [
  {
    name: 'digest-mail',
    label: 'Digest mail',
    schedule: { at: '08:00', weekday: 1 },
    work: async () => {
      if (!mail.working) throw new Error('SMTP server refused the message: 550 mailbox unavailable');
    },
    retryLimit: 1,
    retryDelaySeconds: 1,
  },
];

let e: E2E;
beforeAll(async () => {
  e = await startE2E({ BUSINESS_TIMEZONE: 'America/Chicago' }, { jobs });
});
afterAll(() => e?.close());

/** A run of the digest whose tries are spent. */
async function deadLetteredRun() {
  mail.working = false;
  const queue = e.background!.queue;
  const id = await queue.send('digest-mail');
  await expect.poll(async () => (await queue.run(id))?.state, { timeout: 20_000, interval: 200 }).toBe('failed');
}

describe('the Jobs page', () => {
  it.each([1280, 375])(
    'shows an Administrator a dead-lettered job with its attempts and last error, and runs it again (%i px, light and dark)',
    async (width) => {
      await deadLetteredRun();
      const { page } = await e.signedInPage({ viewport: { width, height: 800 }, at: '/admin/jobs' });
      await inEachScheme(page, async (scheme) => {
        await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
        await page.getByText('Dead-lettered', { exact: true }).waitFor();
        await page.getByText('SMTP server refused the message: 550 mailbox unavailable').waitFor();
        await page.getByText('2 of 2', { exact: true }).waitFor();
        await page.getByText('Every Monday at 08:00').waitFor();
        await page.getByText(/Schedules are in business time \(America\/Chicago\)/).waitFor();
        // The whole page fits the window: nothing to scroll sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.screenshot({ path: `.tmp/screens/jobs-dead-lettered-${width}-${scheme}.png`, fullPage: true });
      });

      mail.working = true;
      await page.getByRole('button', { name: 'Run Digest mail again' }).click();
      await page.getByText('Digest mail will run again shortly.').waitFor();
      await page.getByText('Done', { exact: true }).waitFor({ timeout: 20_000 });
      await inEachScheme(page, async (scheme) => {
        await page.getByText('1 of 2', { exact: true }).waitFor();
        expect(await page.getByText('SMTP server refused the message').count()).toBe(0);
        await page.screenshot({ path: `.tmp/screens/jobs-run-again-${width}-${scheme}.png`, fullPage: true });
      });
    },
  );

  it("is in an Administrator's menu, and not in an Operations user's, whom the page refuses", async () => {
    const admin = await e.signedInPage();
    await admin.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Jobs' }).click();
    await admin.page.waitForURL('**/admin/jobs');
    await admin.page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();

    const { page } = await e.signedInPage({ role: 'operations' });
    expect(
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Jobs' }).count(),
    ).toBe(0);
    await page.goto('/admin/jobs');
    await page.getByText('You do not have permission to see this page.').waitFor();
    expect(await page.getByRole('button', { name: /Run .* again/ }).count()).toBe(0);
  });
});
