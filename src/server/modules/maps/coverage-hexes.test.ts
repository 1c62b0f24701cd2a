import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { cellToParent, latLngToCell } from 'h3-js';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createProspect } from '../../test/factories/prospect';
import { prospects, prospectSpeedTests } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import type { CoverageCell, CoverageView } from '../../../contract/maps';
import { FINEST, medianOf, resolutionForZoom } from './coverage-hexes';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
// Each run writes behind the app's back: its clock moves past the index's time to live, so the index is checked.
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp(undefined, { now: () => clock });
  agent = await t.signIn();
});
afterAll(() => t.close());

const reading = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 99_999 }).map((n) => n / 100),
);
const visit = fc.record({
  // Around Nashville: a few hundred km, so coarse cells gather many visits and fine ones few.
  lat: fc.double({ min: 35, max: 37.5, noNaN: true }),
  lng: fc.double({ min: -88, max: -85, noNaN: true }),
  // Months ago: past 12 the visit is out of the window.
  monthsAgo: fc.constantFrom(0, 0, 0, 3, 11, 13),
  tests: fc.dictionary(
    fc.constantFrom('1', '2', '3', '4'),
    fc.tuple(fc.constantFrom(0, 0, 1), reading, reading, reading),
  ),
});

describe('coverage hexagons', () => {
  it('equal a naive SQL aggregation of the same tests, per carrier and zoom', { timeout: 240_000 }, async () => {
    const rep = await createUser(t.db, { isRep: true });
    await fc.assert(
      fc.asyncProperty(
        fc.array(visit, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 22 }),
        fc.constantFrom(1, 2, 3, 4),
        async (visits, zoom, carrier) => {
          await t.db.execute(sql`DELETE FROM ${prospects}`);
          for (const v of visits) {
            const row = await createProspect(t.db, {
              repId: rep.id,
              lat: v.lat,
              lng: v.lng,
              createdAt: sql`now() - make_interval(months => ${v.monthsAgo}, days => 1)` as unknown as Date,
            });
            const tests = Object.entries(v.tests).map(([carrierId, [zero, ...r]]) => ({
              prospectId: row.id,
              carrierId: Number(carrierId),
              // A first entry of 0 makes the whole test "no service".
              reading1: String(zero ? r[0] : 0),
              reading2: String(zero ? r[1] : 0),
              reading3: String(zero ? r[2] : 0),
            }));
            if (tests.length) await t.db.insert(prospectSpeedTests).values(tests);
          }

          clock += 60_000;
          const res = await agent.get(
            `/admin/api/maps/coverage?zoom=${zoom}&west=-180&south=-90&east=180&north=90&carrier=${carrier}`,
          );
          expect(res.statusCode, res.body).toBe(200);
          const answer = res.json<CoverageView>();
          const resolution = resolutionForZoom(zoom);
          expect(answer.resolution).toBe(resolution);

          // The naive way: each visit's cell written beside it, then one GROUP BY in SQL.
          await t.db.execute(sql`CREATE TEMP TABLE visit_cells (prospect_id int, cell text)`);
          try {
            const located = await rowsOf<{ id: number; lat: number; lng: number }>(
              t.db,
              sql`SELECT id, lat, lng FROM ${prospects}`,
            );
            for (const p of located) {
              const cell = cellToParent(latLngToCell(p.lat, p.lng, FINEST), resolution);
              await t.db.execute(sql`INSERT INTO visit_cells VALUES (${p.id}, ${cell})`);
            }
            const naive = await rowsOf<{ cell: string; median: number; tests: number; no_service: number }>(
              t.db,
              sql`
              SELECT vc.cell, percentile_cont(0.5) WITHIN GROUP (ORDER BY (s.reading1 + s.reading2 + s.reading3) / 3) AS median,
                count(*)::int AS tests,
                (count(*) FILTER (WHERE (s.reading1 + s.reading2 + s.reading3) / 3 = 0))::int AS no_service
              FROM visit_cells vc
              JOIN ${prospects} p ON p.id = vc.prospect_id
              JOIN ${prospectSpeedTests} s ON s.prospect_id = p.id
              WHERE s.carrier_id = ${carrier} AND p.created_at >= now() - interval '12 months'
              GROUP BY vc.cell`,
            );
            const expected: CoverageCell[] = naive.map((r) => ({
              cell: r.cell,
              medianMbps: Math.round(Number(r.median) * 10) / 10,
              tests: r.tests,
              noService: r.no_service,
            }));
            const byCell = (a: CoverageCell, b: CoverageCell) => a.cell.localeCompare(b.cell);
            expect([...answer.cells].sort(byCell)).toEqual(expected.sort(byCell));
          } finally {
            await t.db.execute(sql`DROP TABLE visit_cells`);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('takes the median as percentile_cont does: the middle value, or the two middle ones interpolated', () => {
    expect(medianOf([7])).toBe(7);
    expect(medianOf([0, 10, 40])).toBe(10);
    expect(medianOf([0, 10, 15, 40])).toBe(12.5);
    expect(medianOf([0.33, 0.34])).toBe(0.3);
  });

  it('draws coarser hexagons when zoomed out, from resolution 1 for the country to 8 in a street', () => {
    expect(resolutionForZoom(0)).toBe(1);
    expect(resolutionForZoom(4)).toBe(2);
    expect(resolutionForZoom(10)).toBe(6);
    expect(resolutionForZoom(13)).toBe(8);
    expect(resolutionForZoom(22)).toBe(8);
  });
});
