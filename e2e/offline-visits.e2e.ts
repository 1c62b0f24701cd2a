import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { inEachScheme, signInOnLoginPage, startE2E, type E2E } from './support/harness';
import { createUser } from '../src/server/test/factories';
import { createProspect } from '../src/server/test/factories/prospect';
import { prospects, sessions, users } from '../src/server/db/schema';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const PHONE = { width: 375, height: 812 };

const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label}( \\*)?$`)).and(page.locator('input, textarea'));

async function choose(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the visit form once the service worker runs the page, so its HTML and answers are kept from then on. */
async function loadOnceOnline(page: Page) {
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 36.1627, longitude: -86.7816 });
  await page.goto('/admin/prospects/create');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => field(page, 'Name').isVisible()).toBe(true);
}

async function fillAddress(page: Page) {
  await field(page, 'Address').fill('501 Broadway');
  await field(page, 'City').fill('Nashville');
  await field(page, 'Zip').fill('37203');
}

/**
 * Fills and submits a visit typed at a door: the position is the one the phone gives at Submit. The rep is chosen
 * only by a rep who may log visits for others; a visit is otherwise their own.
 */
async function logVisit(
  page: Page,
  visit: { rep?: string; name: string; at: { latitude: number; longitude: number } },
) {
  if (visit.rep) await choose(page, 'Rep', visit.rep);
  await field(page, 'Name').fill(visit.name);
  await fillAddress(page);
  await choose(page, 'Action', 'Not Home');
  await page.context().setGeolocation(visit.at);
  await page.getByRole('button', { name: 'Submit' }).click();
}

const waitingTitle = (page: Page) => page.getByRole('heading', { name: /^Waiting to send/ });

/** The page as it is, in the light and the dark scheme, as .tmp/screens/<name>-375-<scheme>.png. */
const screenshotsAt375 = (page: Page, name: string) =>
  inEachScheme(page, async (scheme) => {
    await page.screenshot({ path: `.tmp/screens/${name}-375-${scheme}.png`, fullPage: true });
  });

describe('a field rep with no network', () => {
  it('at 375 px logs three visits offline; when the network returns the two valid ones reach the server once each at their submit-time places, the refused one stays with the reason; signing out leaves nothing for the next user', async () => {
    const colleague = await createUser(e.db, { isRep: true, name: 'Rory Field' });
    const { page, user } = await e.signedInPage({
      role: 'field-rep',
      isRep: true,
      canForceCreate: true,
      name: 'Avery Road',
      viewport: PHONE,
      serviceWorkers: 'allow',
    });
    page.setDefaultTimeout(15_000);
    await loadOnceOnline(page);

    await page.context().setOffline(true);
    await page.reload();
    const opened = Date.now();
    await expect.poll(() => field(page, 'Name').isVisible()).toBe(true);
    const openOffline = Date.now() - opened;
    console.info(`visit form opened offline in ${openOffline} ms`);

    const places = [
      { latitude: 36.1501, longitude: -86.7901 },
      { latitude: 36.1702, longitude: -86.7702 },
      { latitude: 36.1803, longitude: -86.7603 },
    ];
    await logVisit(page, { rep: 'Avery Road', name: 'First Door', at: places[0]! });
    await expect.poll(() => waitingTitle(page).textContent()).toBe('Waiting to send (1)');
    await logVisit(page, { rep: 'Rory Field', name: 'Second Door', at: places[1]! });
    await expect.poll(() => waitingTitle(page).textContent()).toBe('Waiting to send (2)');
    await logVisit(page, { rep: 'Avery Road', name: 'Third Door', at: places[2]! });
    await expect.poll(() => waitingTitle(page).textContent()).toBe('Waiting to send (3)');
    await page.screenshot({ path: '.tmp/screens/offline-waiting-375-light.png', fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: '.tmp/screens/offline-waiting-375-dark.png', fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });

    // Meanwhile the office takes the colleague off the reps: a visit logged for them is no longer allowed.
    await e.db.update(users).set({ isRep: false }).where(eq(users.id, colleague.id));

    await page.context().setOffline(false);
    await expect.poll(() => waitingTitle(page).textContent(), { timeout: 20_000 }).toBe('Waiting to send (1)');
    const waiting = page.getByTestId('waiting-visits');
    expect(await waiting.getByText('Not sent: The selected rep is invalid.').isVisible()).toBe(true);
    expect(await waiting.getByText('Second Door').isVisible()).toBe(true);

    const stored = await e.db.select().from(prospects).orderBy(prospects.id);
    expect(stored.map((p) => [p.name, p.repId, Number(p.lat), Number(p.lng)])).toEqual([
      ['First Door', user.id, places[0]!.latitude, places[0]!.longitude],
      ['Third Door', user.id, places[2]!.latitude, places[2]!.longitude],
    ]);

    // Opened, the refused visit shows the server's message under its field.
    await waiting.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByText('The selected rep is invalid.').first().isVisible()).toBe(true);
    expect(await field(page, 'Name').inputValue()).toBe('Second Door');
    await page.screenshot({ path: '.tmp/screens/offline-refused-375-light.png', fullPage: true });

    // Signing out asks first, then removes the outbox and every kept page and answer.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Discard and sign out' }).click();
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => caches.keys())).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(pages|answers)$/)]),
    );
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(databases).not.toContain(`visit-outbox-${user.id}`);

    // The next rep on the same phone sees nothing of the first.
    const next = await e.createUser({ role: 'field-rep', isRep: true, name: 'Blake Next' });
    await signInOnLoginPage(page, next);
    await page.goto('/admin/prospects/create');
    await expect.poll(() => field(page, 'Name').isVisible()).toBe(true);
    expect(await waitingTitle(page).count()).toBe(0);
    await page.goto('/admin/prospects');
    await expect.poll(() => page.getByText('No prospect visits match.').first().isVisible()).toBe(true);
    expect(await page.getByText('First Door').count()).toBe(0);
  });
});

describe('a lost answer', () => {
  it('at 375 px, a visit the server committed but whose answer never arrived is sent again with its key: the first answer comes back and the server holds one visit', async () => {
    const rep = await e.createUser({ role: 'field-rep', isRep: true, name: 'Casey Lost' });
    // Requests are intercepted in the page (the harness blocks the service worker, which would answer some itself).
    const page = await e.newPage(PHONE);
    const context = page.context();
    page.setDefaultTimeout(15_000);
    await page.goto('/admin/login');
    await signInOnLoginPage(page, rep);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 36.15, longitude: -86.78 });

    const answers: { status: number; body: string; key: string | null }[] = [];
    await page.route('**/admin/prospects', async (route) => {
      const response = await route.fetch();
      answers.push({
        status: response.status(),
        body: await response.text(),
        key: route.request().headers()['idempotency-key'] ?? null,
      });
      // The first answer is lost on the way back, after the server committed.
      if (answers.length === 1) return route.abort('connectionreset');
      return route.fulfill({ response });
    });

    await page.goto('/admin/prospects/create');
    await expect.poll(() => field(page, 'Name').isVisible()).toBe(true);
    await field(page, 'Name').fill('Lost Answer');
    await fillAddress(page);
    await choose(page, 'Action', 'Not Home');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => waitingTitle(page).textContent()).toBe('Waiting to send (1)');

    // Opened again, the app sends what waits, with the key it was first sent with.
    await page.reload();
    await expect.poll(() => answers.length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => waitingTitle(page).count()).toBe(0);
    expect(answers[1]!.key).toBe(answers[0]!.key);
    expect(answers[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(answers[1]!.status).toBe(answers[0]!.status);
    expect(answers[1]!.body).toBe(answers[0]!.body);
    const stored = await e.db.select().from(prospects).where(eq(prospects.repId, rep.id));
    expect(stored.map((p) => p.name)).toEqual(['Lost Answer']);
  });
});

describe('a field rep reading their visits with no network', () => {
  it('at 375 px, the rep’s own prospects list, a visit they opened and one they did not open online all open offline after a reload, light and dark; the next rep signed in on the phone finds none of it, online or off', async () => {
    const { page, user } = await e.signedInPage({
      role: 'field-rep',
      isRep: true,
      name: 'Devon Walk',
      viewport: PHONE,
      serviceWorkers: 'allow',
    });
    page.setDefaultTimeout(15_000);
    const opened = await createProspect(e.db, { repId: user.id, name: 'Maple Porch', address: '12 Maple St' });
    await createProspect(e.db, { repId: user.id, name: 'Cedar Gate' });
    const unopened = await createProspect(e.db, { repId: user.id, name: 'Birch Yard', address: '40 Birch Rd' });
    await createProspect(e.db, { name: 'Other Rep Door' });

    // Online once: the list, then one visit opened from it as a rep opens it (within the app, no page load).
    await page.goto('/admin/prospects');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The list's visits are read ahead for offline reading once the worker runs the page.
    const readAhead = page.waitForResponse((r) => r.url().endsWith(`/admin/api/prospects/${unopened.id}`));
    await page.reload();
    await readAhead;
    await page.getByRole('link', { name: 'Maple Porch' }).click();
    await page.waitForURL(`**/admin/prospects/${opened.id}`);
    const heading = page.getByRole('heading', { name: 'Maple Porch' });
    await expect.poll(() => heading.isVisible()).toBe(true);

    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => heading.isVisible()).toBe(true);
    expect(await page.getByText('12 Maple St, Nashville, TN 37203').isVisible()).toBe(true);
    await screenshotsAt375(page, 'offline-visit');

    await page.goto('/admin/prospects');
    await expect.poll(() => page.getByRole('link', { name: 'Cedar Gate' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Maple Porch' }).isVisible()).toBe(true);
    expect(await page.getByText('Other Rep Door').count()).toBe(0);
    await screenshotsAt375(page, 'offline-own-visits');

    // A recent visit the rep never opened reads offline too.
    await page.goto(`/admin/prospects/${unopened.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Birch Yard' }).isVisible()).toBe(true);
    expect(await page.getByText('40 Birch Rd, Nashville, TN 37203').isVisible()).toBe(true);

    // Back online, the rep signs out; the next rep on this phone opens the same addresses, online and then offline.
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/admin/login');
    const next = await e.createUser({ role: 'field-rep', isRep: true, name: 'Jordan After' });
    await signInOnLoginPage(page, next);
    await page.goto('/admin/prospects');
    await expect.poll(() => page.getByText('No prospect visits match.').first().isVisible()).toBe(true);
    await page.goto(`/admin/prospects/${opened.id}`);
    await expect.poll(() => page.getByRole('alert').first().isVisible()).toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole('alert').first().isVisible()).toBe(true);
    expect(await page.getByText('Maple Porch').count()).toBe(0);
    await page.goto('/admin/prospects');
    await expect.poll(() => page.getByText('No prospect visits match.').first().isVisible()).toBe(true);
    expect(await page.getByText('Cedar Gate').count()).toBe(0);
  });
});

describe('a session that ends while the rep is offline', () => {
  it('at 375 px, when the network returns the app asks the rep to sign in again and keeps the waiting visit; signed in again, the visit reaches the server once', async () => {
    const { page, user } = await e.signedInPage({
      role: 'field-rep',
      isRep: true,
      name: 'Emery Late',
      viewport: PHONE,
      serviceWorkers: 'allow',
    });
    page.setDefaultTimeout(15_000);
    await loadOnceOnline(page);
    await page.context().setOffline(true);
    await logVisit(page, { name: 'Late Door', at: { latitude: 36.16, longitude: -86.78 } });
    await expect.poll(() => waitingTitle(page).textContent()).toBe('Waiting to send (1)');

    // Meanwhile the session ends on the server (its idle time ran out, or the rep was signed out everywhere).
    await e.db.delete(sessions).where(sql`${sessions.data}->>'userId' = ${String(user.id)}`);

    await page.context().setOffline(false);
    await page.waitForURL('**/admin/login', { timeout: 40_000 });
    const ended = page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' });
    await expect.poll(() => ended.isVisible()).toBe(true);
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(databases).toContain(`visit-outbox-${user.id}`);
    await screenshotsAt375(page, 'offline-session-ended');
    expect(await e.db.select().from(prospects).where(eq(prospects.repId, user.id))).toEqual([]);

    // Signed in again, the first page the rep lands on sends what waits.
    await signInOnLoginPage(page, user);
    await expect.poll(() => page.getByText('1 waiting visit sent.').isVisible(), { timeout: 20_000 }).toBe(true);
    const stored = await e.db.select().from(prospects).where(eq(prospects.repId, user.id));
    expect(stored.map((p) => p.name)).toEqual(['Late Door']);
    // The next page's start finds nothing left to send.
    await page.goto('/admin/prospects');
    await expect.poll(() => page.getByRole('link', { name: 'Late Door' }).isVisible()).toBe(true);
    expect(await e.db.$count(prospects, eq(prospects.repId, user.id))).toBe(1);
  });
});
