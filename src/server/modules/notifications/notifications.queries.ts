import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { can, type RoleId } from '../../../contract/access';
import {
  ALERT_RULES_MAX,
  type AlertEvent,
  type AlertRule,
  type DigestSubscription,
} from '../../../contract/notifications';
import type { Db, Tx } from '../../db/types';
import { alertEvents, alertRules, digestSubscriptions, users } from '../../db/schema';
import { FieldErrors } from '../../http/errors';
import { nextDigestAt } from './digests';

type RuleRow = typeof alertRules.$inferSelect;

/** The names of staff by id, for the owners and recipients a list of rules shows. */
async function namesOf(db: Tx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Rules as the page shows them; a snooze that has ended is no longer shown. */
export async function asRules(db: Tx, rows: RuleRow[], now: number): Promise<AlertRule[]> {
  const names = await namesOf(db, [...new Set(rows.flatMap((r) => [r.ownerId, ...r.recipientIds]))]);
  const person = (id: number) => ({ id, name: names.get(id) ?? `#${id}` });
  return rows.map((r) => ({
    id: r.id,
    metric: r.metric,
    label: r.label,
    view: r.view as AlertRule['view'],
    condition: r.condition as AlertRule['condition'],
    threshold: r.threshold,
    frequency: r.frequency as AlertRule['frequency'],
    recipients: r.recipientIds.map(person),
    enabled: r.enabled,
    firing: r.firing,
    snoozedUntil: r.snoozedUntil && r.snoozedUntil.getTime() > now ? r.snoozedUntil.toISOString() : null,
    lastCheckedAt: r.lastCheckedAt?.toISOString() ?? null,
    lastValue: r.lastValue,
    lastError: r.lastError,
    owner: person(r.ownerId),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A person's own rules and those that mail them; an Administrator's list holds every team rule too. */
export async function rulesFor(db: Db, user: { id: number; role: RoleId }, now: number): Promise<AlertRule[]> {
  const mine = or(eq(alertRules.ownerId, user.id), sql`${user.id} = any(${alertRules.recipientIds})`);
  const rows = await db
    .select()
    .from(alertRules)
    .where(can(user.role, 'staff.manage') ? or(mine, sql`cardinality(${alertRules.recipientIds}) > 0`) : mine)
    .orderBy(asc(alertRules.label), asc(alertRules.id));
  return asRules(db, rows, now);
}

/** The rule, if the user may act on it: their own, or any team rule for an Administrator. */
export async function ruleOf(db: Tx, user: { id: number; role: RoleId }, id: number): Promise<RuleRow | undefined> {
  const [row] = await db.select().from(alertRules).where(eq(alertRules.id, id));
  if (!row) return undefined;
  const team = row.recipientIds.length > 0 && can(user.role, 'staff.manage');
  return row.ownerId === user.id || team ? row : undefined;
}

/** Staff who can be a team rule's recipients: active accounts whose role sees the dashboard. */
export async function possibleRecipients(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(isNull(users.disabledAt))
    .orderBy(asc(users.name));
  return rows.filter((r) => can(r.role, 'dashboard.view')).map(({ id, name }) => ({ id, name }));
}

export async function countRules(tx: Tx, ownerId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(alertRules).where(eq(alertRules.ownerId, ownerId));
  return Number(row?.n ?? 0);
}

export function assertRoomForRule(n: number): void {
  if (n >= ALERT_RULES_MAX)
    throw new FieldErrors({ metric: [`Keep at most ${ALERT_RULES_MAX} alert rules: delete one first.`] });
}

export async function eventsOf(db: Db, ruleId: number): Promise<AlertEvent[]> {
  const rows = await db
    .select()
    .from(alertEvents)
    .where(eq(alertEvents.ruleId, ruleId))
    .orderBy(desc(alertEvents.createdAt), desc(alertEvents.id))
    .limit(100);
  return rows.map((e) => ({
    id: e.id,
    kind: e.kind as AlertEvent['kind'],
    value: e.value,
    previous: e.previous,
    createdAt: e.createdAt.toISOString(),
  }));
}

export function asDigest(
  row: typeof digestSubscriptions.$inferSelect,
  now: number,
  timeZone: string,
): DigestSubscription {
  return {
    cadence: row.cadence as DigestSubscription['cadence'],
    weekday: row.weekday,
    hour: row.hour,
    charts: row.charts,
    nextAt: nextDigestAt(row, now, timeZone).toISOString(),
    lastError: row.lastError,
  };
}

export async function digestOf(db: Tx, userId: number) {
  const [row] = await db.select().from(digestSubscriptions).where(eq(digestSubscriptions.userId, userId));
  return row;
}

export const ownRule = (id: number, ownerId: number) => and(eq(alertRules.id, id), eq(alertRules.ownerId, ownerId));
