import type { FastifyBaseLogger } from 'fastify';
import type { QueryOut } from '../../../contract/endpoint';
import type { CoverageView, mapEndpoints } from '../../../contract/maps';
import { parseLsn } from '../../db/replicas';
import { carriers, prospects, prospectSpeedTests } from '../../db/schema';
import { FieldErrors } from '../../http/errors';
import { buildCoverage, coverageIn, type CoverageIndex } from './coverage-hexes';
import type { LayerDatabase } from './clusters.service';
import { MAX_AGE_MS } from './map-clusters';
import { carrierList, coverageTests, layerVersion } from './maps.queries';

/** As the visits' cluster layer (ADR 017): a rep looks for the visit just logged. */
const TTL_MS = 15_000;
/** Up to this many tests a stale index is rebuilt before answering (well under a second); above, answered from. */
const AWAIT_REBUILD_BELOW = 50_000;

/**
 * The coverage hexagons of everyone's speed tests, kept per instance like the map's cluster indexes (ADR 017, ADR
 * 053): past its time to live the index's version is read (the rows of visits, tests and carriers PostgreSQL
 * counts, and the business date, when a month's tests leave the window), and the tests read again only when it
 * changed, after a write here, or past MAX_AGE_MS. A large index answers while the next one builds.
 */
export class CoverageHexes {
  private index: (CoverageIndex & { version: string; builtAt: number; checkedAt: number }) | undefined;
  private refreshing: Promise<CoverageIndex> | undefined;
  private invalid = false;

  constructor(
    private readonly database: LayerDatabase,
    private readonly timeZone: string,
    private readonly log?: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  async current(): Promise<CoverageIndex> {
    const index = this.index;
    if (index && !this.invalid && this.now() - index.checkedAt < TTL_MS) return index;
    const refreshing = (this.refreshing ??= this.refresh());
    if (index && index.tests >= AWAIT_REBUILD_BELOW) {
      refreshing.catch((err: unknown) => this.log?.error({ err }, 'coverage index not refreshed'));
      return index;
    }
    return refreshing;
  }

  /** After a write that may add, move or remove speed tests. */
  invalidate(): void {
    this.invalid = true;
  }

  private async refresh(): Promise<CoverageIndex> {
    const invalid = this.invalid;
    this.invalid = false;
    try {
      const checkedAt = this.now();
      const seen = await layerVersion(this.database.primary, [prospects, prospectSpeedTests, carriers], this.timeZone);
      const current = this.index;
      if (current && !invalid && seen.version === current.version && checkedAt - current.builtAt < MAX_AGE_MS) {
        current.checkedAt = checkedAt;
        return current;
      }
      // Read where the primary's writes counted in the version have been replayed (ADR 016).
      const db = this.database.replicas?.pick(parseLsn(seen.position)) ?? this.database.primary;
      const [tests, carrierRows] = await Promise.all([coverageTests(db), carrierList(db)]);
      const built = await buildCoverage(tests, carrierRows);
      this.index = { ...built, version: seen.version, builtAt: checkedAt, checkedAt };
      return built;
    } catch (err) {
      if (invalid) this.invalid = true;
      throw err;
    } finally {
      this.refreshing = undefined;
    }
  }
}

/** One carrier's coverage in a view; an unknown carrier is refused as the field's error. */
export async function coverageView(
  coverage: CoverageHexes,
  query: QueryOut<typeof mapEndpoints.coverage>,
): Promise<CoverageView> {
  const index = await coverage.current();
  const carrierId = query.carrier ?? index.carriers[0]?.id;
  if (carrierId === undefined) return { carrierId: null, carriers: [], resolution: 0, cells: [] };
  if (!index.carriers.some((c) => c.id === carrierId))
    throw new FieldErrors({ carrier: ['The carrier must be a carrier id.'] });
  return coverageIn(index, carrierId, query.zoom, query);
}
