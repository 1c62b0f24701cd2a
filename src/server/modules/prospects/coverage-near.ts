import { sql } from 'drizzle-orm';
import { lookup } from 'zipcodes';
import type { Db } from '../../db/types';
import { rowsOf } from '../../db/rows';
import { carriers, prospects, prospectSpeedTests } from '../../db/schema';
import { COVERAGE_NEAR, type CoverageNear } from '../../../contract/prospects';

const EARTH_KM = 6371;

/**
 * A speed test's figure: the mean of its three readings (0 is no service). The map's coverage layer counts the same
 * figure over the same months, so the two never disagree.
 */
export const testMbps = sql`((${prospectSpeedTests.reading1} + ${prospectSpeedTests.reading2} + ${prospectSpeedTests.reading3}) / 3)`;

/** A visit whose tests count as coverage: taken in the last COVERAGE_NEAR.months. */
export const recentVisit = sql`${prospects.createdAt} >= now() - make_interval(months => ${COVERAGE_NEAR.months})`;
const KM_PER_DEGREE = (Math.PI * EARTH_KM) / 180;

/**
 * Every carrier's speed tests taken within COVERAGE_NEAR.radiusKm of a place in the last COVERAGE_NEAR.months, by
 * anyone: figures only, no visit, so a rep at a door sees which carrier works on that street. The visits are found
 * through the position index (a box around the place), then kept within the circle; each test counts once, as the
 * mean of its three readings.
 */
export async function coverageAt(db: Db, center: { lat: number; lng: number }): Promise<CoverageNear['carriers']> {
  const { radiusKm } = COVERAGE_NEAR;
  const dLat = radiusKm / KM_PER_DEGREE;
  // A degree of longitude shrinks towards the poles; near them the box is every longitude.
  const cos = Math.cos((center.lat * Math.PI) / 180);
  const dLng = cos > 0.01 ? radiusKm / (KM_PER_DEGREE * cos) : 180;
  const p = prospects;
  const t = prospectSpeedTests;
  const rows = await rowsOf<{
    carrier_id: number;
    carrier: string;
    tests: number;
    median: number | null;
    no_service: number;
  }>(
    db,
    sql`
    SELECT c.id AS carrier_id, c.name AS carrier,
      count(near.mean)::int AS tests,
      (percentile_cont(0.5) WITHIN GROUP (ORDER BY near.mean))::float8 AS median,
      (count(near.mean) FILTER (WHERE near.mean = 0))::int AS no_service
    FROM ${carriers} c
    LEFT JOIN (
      SELECT ${t.carrierId} AS carrier_id, ${testMbps} AS mean
      FROM ${p} JOIN ${t} ON ${t.prospectId} = ${p.id}
      WHERE ${p.lat} BETWEEN ${center.lat - dLat} AND ${center.lat + dLat}
        AND ${p.lng} BETWEEN ${center.lng - dLng} AND ${center.lng + dLng}
        AND ${recentVisit}
        AND ${EARTH_KM * 2} * asin(sqrt(
              power(sin(radians(${p.lat} - ${center.lat}) / 2), 2)
              + cos(radians(${center.lat})) * cos(radians(${p.lat})) * power(sin(radians(${p.lng} - ${center.lng}) / 2), 2)
            )) <= ${radiusKm}
    ) near ON near.carrier_id = c.id
    GROUP BY c.id, c.name
    ORDER BY c.id`,
  );
  return rows.map((r) => ({
    carrierId: Number(r.carrier_id),
    carrier: r.carrier,
    tests: Number(r.tests),
    medianMbps: r.median === null ? null : Math.round(Number(r.median) * 10) / 10,
    noService: Number(r.no_service),
  }));
}

/** The coverage at a position, or else at the centre of a ZIP code (none for a ZIP with no known centre). */
export async function coverageNear(db: Db, place: { lat?: number; lng?: number; zip?: string }): Promise<CoverageNear> {
  const zipCentre = place.zip === undefined ? undefined : lookup(place.zip);
  const center =
    place.lat !== undefined && place.lng !== undefined
      ? { lat: place.lat, lng: place.lng }
      : zipCentre
        ? { lat: zipCentre.latitude, lng: zipCentre.longitude }
        : null;
  return { center, ...COVERAGE_NEAR, carriers: center ? await coverageAt(db, center) : [] };
}
