import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/types';
import {
  carriers,
  customers,
  prospectActions,
  prospectSpeedTests,
  prospects,
  prospectSortName,
  prospectTopographies,
  topographies,
  users,
} from '../../db/schema';
import type { CurrentUser } from '../../../contract/auth';
import type { ProspectListQuery, ProspectRow } from '../../../contract/prospects';
import type { Page } from '../../../contract/pagination';
import { listSpec, readPage, sortOrder, type ListOrder } from '../../db/pages';
import { csvNumber, csvText, csvTime } from '../../db/export-columns';
import { escapeLike, hasWordCharacter } from '../../db/like';
import { visibleProspects } from './prospect-scope';

/** "Follow Up Needed › Call Back" for a sub-action, the description alone for a top-level one. */
const actionLabel = sql<string>`coalesce((select pa.description from ${prospectActions} pa where pa.id = ${prospectActions}.parent_id) || ' › ', '') || ${prospectActions}.description`;

function listFilter(query: ProspectListQuery, timeZone: string): SQL | undefined {
  const pattern = query.q && hasWordCharacter(query.q) ? `%${escapeLike(query.q)}%` : undefined;
  return and(
    query.q && !pattern ? sql`false` : undefined,
    pattern
      ? or(
          ilike(prospects.name, pattern),
          ilike(prospects.address, pattern),
          ilike(prospects.city, pattern),
          ilike(prospects.zip, pattern),
        )
      : undefined,
    query.repId ? eq(prospects.repId, query.repId) : undefined,
    query.actionId
      ? or(eq(prospects.prospectActionId, query.actionId), sql`${prospectActions}.parent_id = ${query.actionId}`)
      : undefined,
    query.converted === 'yes'
      ? isNotNull(prospects.convertedAt)
      : query.converted === 'no'
        ? isNull(prospects.convertedAt)
        : undefined,
    // Dates are business days: from midnight of `from` to midnight after `to`, in the business time zone.
    query.from ? sql`${prospects.createdAt} >= (${query.from}::date::timestamp at time zone ${timeZone})` : undefined,
    query.to ? sql`${prospects.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})` : undefined,
  );
}

const prospectOrder = (sort: ProspectListQuery['sort']): ListOrder =>
  sortOrder(
    sort,
    { createdAt: { key: prospects.createdAt }, name: { key: prospectSortName(prospects), kind: 'text' } },
    prospects.id,
  );

/** The visits the viewer may see that match the list's filters. */
export function prospectList(db: Db, viewer: CurrentUser, query: ProspectListQuery, timeZone: string) {
  const where = and(visibleProspects(viewer), listFilter(query, timeZone));
  const order = prospectOrder(query.sort);
  return listSpec({
    searched: !!query.q,
    order,
    // A first name's visits are together in name order (every Ryan under R), as customers' are.
    bunchesIn: query.q && order.kind === 'text' ? prospects : undefined,
    where,
    rows: (extras) =>
      db
        .select({
          id: prospects.id,
          name: prospects.name,
          address: prospects.address,
          city: prospects.city,
          state: prospects.state,
          zip: prospects.zip,
          repName: users.name,
          action: actionLabel,
          convertedAt: prospects.convertedAt,
          createdAt: prospects.createdAt,
          ...extras,
        })
        .from(prospects)
        .innerJoin(users, eq(users.id, prospects.repId))
        .innerJoin(prospectActions, eq(prospectActions.id, prospects.prospectActionId))
        .$dynamic(),
    // The action filter reads the action's parent, so the count joins the actions too.
    count: (one) =>
      one.from(prospects).innerJoin(prospectActions, eq(prospectActions.id, prospects.prospectActionId)).$dynamic(),
    toRow: (r): ProspectRow => ({
      ...r,
      convertedAt: r.convertedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }),
    csv: [
      csvNumber('Visit ID', prospects.id),
      csvTime('Visited', prospects.createdAt),
      csvText('Rep', users.name),
      csvText('Name', prospects.name),
      csvText('Address', prospects.address),
      csvText('City', prospects.city),
      csvText('State', prospects.state),
      csvText('ZIP', prospects.zip),
      csvText('Action', actionLabel),
      csvTime('Converted', prospects.convertedAt),
    ],
  });
}

/** A page of the visits the viewer may see that match the list's filters. */
export const listProspects = (
  db: Db,
  viewer: CurrentUser,
  query: ProspectListQuery,
  timeZone: string,
): Promise<Page<ProspectRow>> => readPage(db, prospectList(db, viewer, query, timeZone), query);

/** The visit with its speed tests and topographies; undefined when it does not exist or the viewer may not see it. */
export async function findProspect(db: Db, viewer: CurrentUser, id: number) {
  const createdBy = sql<string>`(select u.name from ${users} u where u.id = ${prospects}.created_by_id)`;
  const [row] = await db
    .select({
      prospect: prospects,
      repName: users.name,
      createdByName: createdBy,
      action: actionLabel,
      customerName: customers.name,
    })
    .from(prospects)
    .innerJoin(users, eq(users.id, prospects.repId))
    .innerJoin(prospectActions, eq(prospectActions.id, prospects.prospectActionId))
    .leftJoin(customers, eq(customers.id, prospects.customerId))
    .where(and(eq(prospects.id, id), visibleProspects(viewer)));
  if (!row) return undefined;
  const [speedTests, topographyNames] = await Promise.all([
    db
      .select({
        carrierId: prospectSpeedTests.carrierId,
        carrier: carriers.name,
        reading1: prospectSpeedTests.reading1,
        reading2: prospectSpeedTests.reading2,
        reading3: prospectSpeedTests.reading3,
      })
      .from(prospectSpeedTests)
      .innerJoin(carriers, eq(carriers.id, prospectSpeedTests.carrierId))
      .where(eq(prospectSpeedTests.prospectId, id))
      .orderBy(asc(prospectSpeedTests.carrierId)),
    db
      .select({ name: topographies.name })
      .from(prospectTopographies)
      .innerJoin(topographies, eq(topographies.id, prospectTopographies.topographyId))
      .where(eq(prospectTopographies.prospectId, id))
      .orderBy(asc(topographies.position)),
  ]);
  return { ...row, speedTests, topographies: topographyNames.map((t) => t.name) };
}

export function actionOptions(db: Db) {
  return db
    .select({ id: prospectActions.id, parent_id: prospectActions.parentId, description: prospectActions.description })
    .from(prospectActions)
    .orderBy(sql`${prospectActions.parentId} nulls first`, asc(prospectActions.position));
}

export function topographyOptions(db: Db) {
  return db
    .select({ id: topographies.id, name: topographies.name, isOther: topographies.isOther })
    .from(topographies)
    .orderBy(asc(topographies.position));
}

export function carrierOptions(db: Db) {
  return db.select({ id: carriers.id, name: carriers.name }).from(carriers).orderBy(asc(carriers.id));
}

export function repOptions(db: Tx, ids?: number[]) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.isRep, true), ids ? inArray(users.id, ids) : undefined))
    .orderBy(asc(users.name));
}

export async function customerExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  return !!row;
}

export async function insertProspect(tx: Tx, values: typeof prospects.$inferInsert) {
  const [row] = await tx.insert(prospects).values(values).returning();
  return row!;
}

export async function insertSpeedTests(tx: Tx, rows: (typeof prospectSpeedTests.$inferInsert)[]) {
  if (rows.length) await tx.insert(prospectSpeedTests).values(rows);
}

export async function insertTopographies(tx: Tx, rows: (typeof prospectTopographies.$inferInsert)[]) {
  if (rows.length) await tx.insert(prospectTopographies).values(rows);
}
