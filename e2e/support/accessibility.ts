import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inEachScheme, pageShown, startE2E, type E2E } from './harness';
import { href, paths } from '../../src/web/paths';
import {
  createCancellation,
  createCancellationReason,
  createCustomer,
  createEquipment,
  createSubscription,
  createSupplier,
} from '../../src/server/test/factories';
import { createProspect } from '../../src/server/test/factories/prospect';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const SIZES = { wide: { width: 1280, height: 900 }, narrow: { width: 375, height: 800 } } as const;

/** axe-core's serious and critical findings on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await page.evaluate(async (source) => {
    // Evaluated through the browser's debugging protocol, so the page's content security policy does not apply.
    if (!('axe' in window)) new Function(source)();
    const axe = (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe;
    return axe.run();
  }, AXE_SOURCE);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`));
}

/**
 * The page's findings in each colour scheme, switched as the system setting switches it (the app follows it live):
 * no serious or critical axe-core finding, and no page wider than its window.
 */
async function findingsInEachScheme(page: Page, path: string, width: number): Promise<string[]> {
  const found: string[] = [];
  await inEachScheme(page, async (scheme) => {
    for (const line of await seriousViolations(page)) found.push(`${path} ${width} ${scheme}: ${line}`);
    // Nor does any page scroll sideways: wide tables scroll inside their own box.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) found.push(`${path} ${width} ${scheme}: the page is ${scrollWidth} px wide`);
  });
  return found;
}

/**
 * Every page of `paths` (details with real records, and the sign-in page signed out) at one window size, each
 * loaded fresh and checked in the light and the dark scheme. One file per size, so the e2e tier runs the two side
 * by side.
 */
export function checkEveryPage(size: keyof typeof SIZES) {
  const { width } = SIZES[size];
  let e: E2E;
  let pages: string[];

  beforeAll(async () => {
    e = await startE2E();
    const customer = await createCustomer(e.db, { name: 'Ada Contrast' });
    const sub = await createSubscription(e.db, { customerId: customer.id });
    await createCancellation(e.db);
    const held = await createEquipment(e.db, { state: 'hold' });
    const supplier = await createSupplier(e.db);
    const reason = await createCancellationReason(e.db);
    const rep = await e.createUser({ role: 'field-rep', isRep: true });
    const visit = await createProspect(e.db, { repId: rep.id });
    pages = [
      ...Object.values(paths).filter((p) => !p.includes(':') && p !== paths.login),
      href(paths.customer, { id: customer.id }),
      href(paths.subscription, { id: sub.id }),
      href(paths.device, { id: sub.deviceId! }),
      href(paths.deviceReplace, { id: sub.deviceId! }),
      href(paths.equipmentItem, { id: held.id }),
      href(paths.supplierEdit, { id: supplier.id }),
      href(paths.cancellationReasonEdit, { id: reason.id }),
      href(paths.prospect, { id: visit.id }),
    ];
  });
  afterAll(() => e?.close());

  describe(`accessibility at ${width} px`, () => {
    it(`finds no serious or critical axe-core violation and no sideways scrolling on any page, light and dark, at ${width} px`, async () => {
      const guest = await e.newPage();
      const { page } = await e.signedInPage();
      for (const p of [guest, page]) await p.setViewportSize(SIZES[size]);
      await guest.goto(paths.login);
      await guest.getByRole('button', { name: 'Sign in' }).waitFor();
      const found = await findingsInEachScheme(guest, paths.login, width);
      for (const path of pages) {
        await page.goto(path);
        // The page with its data: nothing left to load.
        await pageShown(page);
        found.push(...(await findingsInEachScheme(page, path, width)));
      }
      expect(found).toEqual([]);
    }, 600_000);
  });
}
