import { and, eq, getTableColumns, ilike, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { suppliers } from '../../db/schema';
import { escapeLike } from '../../db/like';
import type { SupplierListQuery } from '../../../contract/suppliers';
import { listSpec, readPage, sortOrder, type ListOrder } from '../../db/pages';
import { csvNumber, csvText, csvTime, csvYesNo } from '../../db/export-columns';
import type { Page } from '../../../contract/pagination';

export type SupplierRecord = typeof suppliers.$inferSelect;
export type SupplierValues = Omit<typeof suppliers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const supplierOrder = (sort: SupplierListQuery['sort']): ListOrder =>
  sortOrder(
    sort,
    {
      createdAt: { key: suppliers.createdAt },
      name: { key: sql`(lower(${suppliers.name}) collate "C")`, kind: 'text' },
    },
    suppliers.id,
  );

export function supplierList(db: Tx, query: SupplierListQuery) {
  const { q } = query;
  const pattern = `%${escapeLike(q)}%`;
  const where = q
    ? or(ilike(suppliers.name, pattern), ilike(suppliers.contactName, pattern), ilike(suppliers.contactEmail, pattern))
    : undefined;
  return listSpec({
    searched: !!q,
    order: supplierOrder(query.sort),
    where,
    rows: (extras) =>
      db
        .select({ ...getTableColumns(suppliers), ...extras })
        .from(suppliers)
        .$dynamic(),
    count: suppliers,
    toRow: (supplier): SupplierRecord => supplier,
    csv: [
      csvNumber('Supplier ID', suppliers.id),
      csvText('Name', suppliers.name),
      csvText('Contact name', suppliers.contactName),
      csvText('Contact email', suppliers.contactEmail),
      csvText('Contact phone', suppliers.contactPhone),
      csvYesNo('Prorates', suppliers.prorates),
      csvYesNo('Supplier report', suppliers.supplierReport),
      csvText('Frequency', suppliers.frequency),
      csvText('Billing cycle', suppliers.billingCycle),
      csvTime('Created', suppliers.createdAt),
      csvTime('Updated', suppliers.updatedAt),
    ],
  });
}

export const listSuppliers = (db: Tx, query: SupplierListQuery): Promise<Page<SupplierRecord>> =>
  readPage(db, supplierList(db, query), query);

/** Every supplier's id and name, by name (case-insensitive, as the list sorts them). */
export const supplierNames = (db: Tx) =>
  db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .orderBy(sql`lower(${suppliers.name}) collate "C"`, suppliers.id);

export async function findSupplier(db: Tx, id: number, { lock = false } = {}): Promise<SupplierRecord | undefined> {
  const query = db.select().from(suppliers).where(eq(suppliers.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Names are unique regardless of case, so 'Acme' and 'ACME' cannot both exist. */
export async function isSupplierNameTaken(db: Tx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(sql`lower(${suppliers.name}) = ${name.toLowerCase()}`, exceptId ? ne(suppliers.id, exceptId) : undefined),
    )
    .limit(1);
  return !!row;
}

/** Answers undefined when another insert took the name first (the unique index decides). */
export async function insertSupplier(db: Tx, values: SupplierValues): Promise<SupplierRecord | undefined> {
  const [row] = await db.insert(suppliers).values(values).onConflictDoNothing({ target: suppliers.name }).returning();
  return row;
}

export async function updateSupplierRow(db: Tx, id: number, values: SupplierValues): Promise<SupplierRecord> {
  const [row] = await db
    .update(suppliers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(suppliers.id, id))
    .returning();
  return row!;
}
