import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support/harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('feedback', () => {
  it('sends feedback from the sidebar page, clears the form, thanks the user and lists the submission', async () => {
    const { page } = await e.signedInPage({ name: 'Frank Feedback' });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Feedback' }).click();
    await page.waitForURL('**/admin/feedback');
    const body = page.getByLabel('Your feedback');
    await body.fill('The parcel form should remember the last container.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Thank you' }).textContent())
      .toBe('Thank you for your feedback!');
    expect(await body.inputValue()).toBe('');
    const table = page.getByRole('table', { name: 'Feedback submissions' });
    await expect.poll(() => table.textContent()).toContain('The parcel form should remember the last container.');
    expect(await table.textContent()).toContain('Frank Feedback');
    await page.screenshot({ path: '.tmp/screens/feedback-1280.png', fullPage: true });
  });

  it('shows the error of an empty body under the field, and allows sending again once typed', async () => {
    const { page } = await e.signedInPage({ viewport: { width: 375, height: 800 }, at: '/admin/feedback' });
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('The body field is required.');
    // §8: after a failure the button is enabled again; the error stays on the field until it is typed in.
    expect(await submit.isEnabled()).toBe(true);
    expect(await page.getByLabel('Your feedback').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: '.tmp/screens/feedback-375-error.png', fullPage: true });
    await page.getByLabel('Your feedback').fill('Now with text.');
    expect(await page.getByLabel('Your feedback').getAttribute('aria-invalid')).not.toBe('true');
    await submit.click();
    await expect.poll(() => page.getByText('Thank you for your feedback!').isVisible()).toBe(true);
    // On a phone the text of each submission stays on screen, not scrolled off to the right.
    const text = page.getByRole('table', { name: 'Feedback submissions' }).getByText('Now with text.');
    await text.waitFor();
    const box = await text.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '.tmp/screens/feedback-375.png', fullPage: true });
  });
});
