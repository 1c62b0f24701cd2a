import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { pageShown, signInOnLoginPage, startE2E, type E2E } from './support/harness';
import { auditLog } from '../src/server/db/schema';
import { allows, ROLE_IDS, type RoleId } from '../src/contract/access';
import { actions, features } from '../src/web/app/features';
import { fillPath } from '../src/contract/endpoint';
import { paths } from '../src/web/paths';

const NO_PERMISSION = 'You do not have permission to see this page.';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** Every refused answer and every console error the page meets from now on. */
function watchRefusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) seen.push(`403 ${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  return seen;
}

const deniedRows = (userId: number) =>
  e.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, 'auth.permission_denied')));

describe('a normal sign-in asks for nothing the role cannot have', () => {
  it.each(ROLE_IDS)(
    'signs in as %s and opens the home page and every page its menu and palette offer with no 403 and no refusal logged',
    async (role: RoleId) => {
      const user = await e.createUser({ role, isRep: role === 'field-rep' });
      const page = await e.newPage();
      const refusals = watchRefusals(page);
      await page.goto('/admin/login');
      await signInOnLoginPage(page, user);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link').first().waitFor();
      await pageShown(page);

      const menu = await nav
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
      expect(menu.length).toBeGreaterThan(0);
      const offered = actions.filter((action) => allows(role, action.permission)).map((action) => action.href);
      for (const pathname of [...menu, ...offered]) {
        // Opened by its address: the page's HTML starts its own first answers (ADR 041).
        await page.goto(pathname);
        await pageShown(page);
      }

      expect(refusals).toEqual([]);
      expect(await deniedRows(user.id)).toEqual([]);
    },
  );
});

describe('a page the role may not open, opened by its address', () => {
  // Every page inside the frame, as its route declares who may open it; a record's page for a record that exists or
  // not alike, since the page asks for nothing.
  const pages = features
    .flatMap((feature) => feature.routes ?? [])
    .map((route) => ({ path: route.index ? paths.dashboard : route.path!, permission: route.permission }));

  it.each(ROLE_IDS.filter((role) => role !== 'administrator'))(
    'shows %s the permission message alone on each, asking the server for nothing it would refuse',
    async (role: RoleId) => {
      // The home page is the exception: a role without the dashboard is sent on to its first page (the sweep above).
      const barred = pages.filter((page) => page.path !== paths.dashboard && !allows(role, page.permission));
      expect(barred.length).toBeGreaterThan(0);
      const { page, user } = await e.signedInPage({ role, isRep: role === 'field-rep' });
      const refusals = watchRefusals(page);
      for (const { path } of barred) {
        const address = fillPath(path, { id: 1 });
        await page.goto(address);
        const main = page.getByRole('main');
        await main.getByText(NO_PERMISSION).waitFor();
        expect(await main.innerText(), address).toBe(NO_PERMISSION);
      }
      expect(refusals).toEqual([]);
      expect(await deniedRows(user.id)).toEqual([]);
    },
  );
});
