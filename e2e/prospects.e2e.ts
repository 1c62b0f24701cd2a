import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support/harness';
import { createUser } from '../src/server/test/factories';
import { createProspect } from '../src/server/test/factories/prospect';
import { prospects, prospectSpeedTests } from '../src/server/db/schema';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** The input labelled `label` (a required field's label ends in an asterisk; a select's list shares the label). */
const field = (page: Page, label: string) =>
  page
    .getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`))
    .and(page.locator('input, textarea'));

async function choose(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const latestProspect = async () => (await e.db.select().from(prospects).orderBy(desc(prospects.id)).limit(1))[0]!;

describe('logging a prospect visit', () => {
  it('on a wide window, a user who can force-create logs a visit for a rep: Additional Info, speed tests and the Other placeholder follow the choices', async () => {
    const fieldRep = await createUser(e.db, { isRep: true, name: 'Rory Field' });
    const { page } = await e.signedInPage({ canForceCreate: true });
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 36.0331, longitude: -86.7828 });
    await page.goto('/admin/prospects/create');

    await expect.poll(() => page.getByTestId('location-notice').textContent()).toContain('Location captured');
    await choose(page, 'Rep', 'Rory Field');
    await field(page, 'Name').fill('Morgan Hill');
    await field(page, 'Address').fill('400 Hillsboro Pike');
    await field(page, 'City').fill('Brentwood');
    expect(await field(page, 'State').inputValue()).toBe('Tennessee (TN)');
    await field(page, 'Zip').fill('37027');

    expect(await page.getByText('Additional Info').count()).toBe(0);
    await choose(page, 'Action', 'Follow Up Needed');
    expect(await field(page, 'Additional Info').isVisible()).toBe(true);
    await choose(page, 'Additional Info', 'Send Pricing');
    expect(await page.getByRole('group', { name: 'AT&T speed tests' }).isVisible()).toBe(true);

    await choose(page, 'Action', 'Not Home');
    expect(await page.getByRole('group', { name: 'AT&T speed tests' }).count()).toBe(0);
    expect(await field(page, 'Additional Info').count()).toBe(0);

    await choose(page, 'Action', 'Follow Up Needed');
    await choose(page, 'Additional Info', 'Call Back');
    const readings = ['AT&T', 'Sprint', 'T-Mobile', 'Verizon'].flatMap((carrier, c) =>
      [1, 2, 3].map((n) => ({ carrier, n, value: String(c * 10 + n) })),
    );
    for (const r of readings) await page.getByLabel(`${r.carrier} test ${r.n}`).fill(r.value);

    const comments = field(page, 'Comments');
    expect(await comments.getAttribute('placeholder')).toBe('Comments');
    await page.getByLabel('Other', { exact: true }).check();
    expect(await comments.getAttribute('placeholder')).toBe('Type of topography');
    await page.getByLabel('Hilly', { exact: true }).check();
    await page.screenshot({ path: '.tmp/screens/prospect-form-1280.png', fullPage: true });

    // Other makes comments required: the form says so under the field, checked by the endpoint's body schema.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.getByText('The comments field is required when Other topography is chosen.').first().isVisible())
      .toBe(true);
    // Unchoosing Other drops the requirement and its message, so the button comes back.
    await page.getByLabel('Other', { exact: true }).uncheck();
    await expect
      .poll(() => page.getByText('The comments field is required when Other topography is chosen.').count())
      .toBe(0);
    expect(await page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    await page.getByLabel('Other', { exact: true }).check();
    await comments.fill('Rolling hills with a creek');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL((url) => url.pathname === '/admin/prospects');
    await expect.poll(() => page.getByRole('link', { name: 'Morgan Hill' }).isVisible()).toBe(true);
    const saved = await latestProspect();
    expect(saved).toMatchObject({
      repId: fieldRep.id,
      name: 'Morgan Hill',
      prospectActionId: 21,
      lat: 36.0331,
      lng: -86.7828,
      locationSource: 'device',
    });
    const tests = await e.db.select().from(prospectSpeedTests).where(eq(prospectSpeedTests.prospectId, saved.id));
    expect(tests.find((t) => t.carrierId === 4)).toMatchObject({
      reading1: '31.00',
      reading2: '32.00',
      reading3: '33.00',
    });

    await page.getByRole('link', { name: 'Morgan Hill' }).click();
    await expect.poll(() => page.getByRole('row', { name: /Verizon/ }).textContent()).toContain('33.00');
    await page.screenshot({ path: '.tmp/screens/prospect-detail-1280.png', fullPage: true });
  });

  it('on a phone, a rep logs their own visit without a device location and is told it sits at the ZIP centre', async () => {
    const { page, user } = await e.signedInPage({
      isRep: true,
      viewport: { width: 375, height: 800 },
      at: '/admin/prospects/create',
    });
    await expect.poll(() => page.getByTestId('location-notice').textContent()).toContain('centre of its ZIP code');
    expect(await field(page, 'Rep').count()).toBe(0);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('The city field is required.').first().isVisible()).toBe(true);
    expect(await page.getByText('The action field is required.').first().isVisible()).toBe(true);
    await page.screenshot({ path: '.tmp/screens/prospect-form-375-errors.png', fullPage: true });

    await field(page, 'Address').fill('1 Broadway');
    await field(page, 'City').fill('Nashville');
    await field(page, 'Zip').fill('37203');
    await choose(page, 'Action', 'Not Home');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL((url) => url.pathname === '/admin/prospects');
    await expect.poll(() => page.getByText('it is placed at the centre of ZIP 37203').isVisible()).toBe(true);
    await page.screenshot({ path: '.tmp/screens/prospects-list-375.png', fullPage: true });
    expect(await latestProspect()).toMatchObject({
      repId: user.id,
      address: '1 Broadway',
      locationSource: 'zip',
      prospectActionId: 3,
    });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
  it('on a phone at a door, a rep sees what each carrier measured nearby before typing any reading', async () => {
    const door = { latitude: 36.1627, longitude: -86.7816 };
    for (const readings of [
      [40, 50, 60],
      [0, 0, 0],
      [20, 20, 20],
    ]) {
      const visit = await createProspect(e.db, { lat: door.latitude + 0.001, lng: door.longitude });
      await e.db.insert(prospectSpeedTests).values(
        [1, 2, 3, 4].map((carrierId) => ({
          prospectId: visit.id,
          carrierId,
          reading1: String(carrierId === 1 ? readings[0] : 0),
          reading2: String(carrierId === 1 ? readings[1] : 0),
          reading3: String(carrierId === 1 ? readings[2] : 0),
        })),
      );
    }
    const { page } = await e.signedInPage({ isRep: true, viewport: { width: 375, height: 800 } });
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation(door);
    await page.goto('/admin/prospects/create');

    const nearby = page.getByRole('table', { name: 'Speed tests nearby by carrier' });
    await expect.poll(() => nearby.isVisible()).toBe(true);
    expect(await page.getByTestId('coverage-nearby').textContent()).toContain('Speed tests near here (within 1 km');
    const rows = await nearby.getByRole('row').allTextContents();
    // Carrier 1: test means 50, 0 and 20 → a median of 20; one test with no service. The others: no service at all.
    expect(rows[1]).toMatch(/20 Mbps\s*31$/);
    expect(rows[2]).toMatch(/No service\s*33$/);
    await page.screenshot({ path: '.tmp/screens/prospect-form-375-coverage.png', fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
