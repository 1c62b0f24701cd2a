import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import {
  cancellationReasons,
  customers,
  devices,
  equipment,
  parcels,
  predefinedContainers,
  products,
  prospects,
  subscriptionCancellations,
  subscriptions,
  suppliers,
  users,
} from '../../db/schema';
import { can, type Permission, type RoleId } from '../../../contract/access';
import type { AuditEntityType } from '../../../contract/audit';

type Named = { id: number; name: string | null };

interface RecordKind {
  /** What a role needs to see the name: the permission of the page that shows the record. */
  permission: Permission;
  /** The names of those of `ids` that still exist, in one query. */
  names(db: Db, ids: number[]): Promise<Named[]>;
}

/** A phone is known by its model and IMEI; a line without one by its SIM. */
const model = sql`coalesce(${products.model}, 'SIM Only') || ' · '`;

/** The records the log names, with the one query that names a page's worth of each kind. */
const RECORD_KINDS: Partial<Record<AuditEntityType, RecordKind>> = {
  device: {
    permission: 'devices.view',
    names: (db, ids) =>
      db
        .select({
          id: devices.id,
          name: sql<string>`${model} || coalesce('IMEI ' || ${devices.imei}, 'SIM ' || ${devices.sim})`,
        })
        .from(devices)
        .leftJoin(products, eq(products.id, devices.productId))
        .where(inArray(devices.id, ids)),
  },
  equipment: {
    permission: 'devices.view',
    names: (db, ids) =>
      db
        .select({ id: equipment.id, name: sql<string>`${model} || 'IMEI ' || ${equipment.imei}` })
        .from(equipment)
        .leftJoin(products, eq(products.id, equipment.productId))
        .where(inArray(equipment.id, ids)),
  },
  subscription: {
    permission: 'subscriptions.view',
    names: (db, ids) =>
      db
        .select({ id: subscriptions.id, name: customers.name })
        .from(subscriptions)
        .innerJoin(customers, eq(customers.id, subscriptions.customerId))
        .where(inArray(subscriptions.id, ids)),
  },
  subscription_cancellation: {
    permission: 'subscriptions.view',
    names: (db, ids) =>
      db
        .select({ id: subscriptionCancellations.id, name: customers.name })
        .from(subscriptionCancellations)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCancellations.subscriptionId))
        .innerJoin(customers, eq(customers.id, subscriptions.customerId))
        .where(inArray(subscriptionCancellations.id, ids)),
  },
  cancellation_reason: {
    permission: 'subscriptions.view',
    names: (db, ids) =>
      db
        .select({ id: cancellationReasons.id, name: cancellationReasons.name })
        .from(cancellationReasons)
        .where(inArray(cancellationReasons.id, ids)),
  },
  supplier: {
    permission: 'suppliers.view',
    names: (db, ids) =>
      db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(inArray(suppliers.id, ids)),
  },
  container: {
    permission: 'parcels.view',
    names: (db, ids) =>
      db
        .select({ id: predefinedContainers.id, name: predefinedContainers.name })
        .from(predefinedContainers)
        .where(inArray(predefinedContainers.id, ids)),
  },
  // A parcel goes to or comes from a customer: it is known by them.
  parcel: {
    permission: 'parcels.view',
    names: (db, ids) =>
      db
        .select({ id: parcels.id, name: customers.name })
        .from(parcels)
        .leftJoin(customers, eq(customers.id, parcels.customerId))
        .where(inArray(parcels.id, ids)),
  },
  prospect: {
    permission: 'prospects.view-all',
    names: (db, ids) =>
      db.select({ id: prospects.id, name: prospects.name }).from(prospects).where(inArray(prospects.id, ids)),
  },
  user: {
    permission: 'staff.manage',
    names: (db, ids) => db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)),
  },
};

export interface RecordRef {
  entityType: string;
  entityId: number | null;
}

/** What the log knows of a record now: its name, when the viewer may see it, and whether it still exists. */
export interface RecordNow {
  name: string | null;
  gone: boolean;
}

const keyOf = (r: RecordRef) => `${r.entityType}:${r.entityId}`;

/**
 * The records of some entries as they are now, one query per kind of record whatever the number of entries. A kind
 * the log does not name (settings, backups, feedback) is neither named nor known to be gone.
 */
export async function recordsNow(db: Db, refs: RecordRef[]): Promise<(ref: RecordRef) => RecordNow> {
  const idsByType = new Map<AuditEntityType, Set<number>>();
  for (const { entityType, entityId } of refs) {
    const type = entityType as AuditEntityType;
    if (!RECORD_KINDS[type] || entityId === null) continue;
    idsByType.set(type, (idsByType.get(type) ?? new Set()).add(entityId));
  }
  const found = new Map<string, string | null>();
  await Promise.all(
    [...idsByType].map(async ([entityType, ids]) => {
      for (const row of await RECORD_KINDS[entityType]!.names(db, [...ids]))
        found.set(keyOf({ entityType, entityId: row.id }), row.name);
    }),
  );
  return (ref) => ({
    name: found.get(keyOf(ref)) ?? null,
    gone: idsByType.get(ref.entityType as AuditEntityType)?.has(ref.entityId!) === true && !found.has(keyOf(ref)),
  });
}

/** Whether a role may see the names of a kind of record: those of its own pages, and no others. */
export function mayNameRecords(role: RoleId, entityType: string): boolean {
  const kind = RECORD_KINDS[entityType as AuditEntityType];
  return kind !== undefined && can(role, kind.permission);
}
