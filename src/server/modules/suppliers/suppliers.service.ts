import type { Db } from '../../db/types';
import { FieldErrors, NotFoundError } from '../../http/errors';
import { recordAudit } from '../audit';
import { SUPPLIER_NAME_TAKEN, type Supplier, type SupplierInput } from '../../../contract/suppliers';
import {
  findSupplier,
  insertSupplier,
  isSupplierNameTaken,
  updateSupplierRow,
  type SupplierRecord,
  type SupplierValues,
} from './suppliers.queries';

export const SUPPLIER_NOT_FOUND = 'Supplier not found.';

export function toSupplier(row: SupplierRecord): Supplier {
  return {
    ...row,
    prorates: row.prorates ? '1' : '0',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toValues = (input: SupplierInput): SupplierValues => ({ ...input, prorates: input.prorates === '1' });

export async function getSupplier(db: Db, id: number): Promise<Supplier> {
  const row = await findSupplier(db, id);
  if (!row) throw new NotFoundError(SUPPLIER_NOT_FOUND);
  return toSupplier(row);
}

export function createSupplier(db: Db, userId: number, input: SupplierInput): Promise<Supplier> {
  return db.transaction(async (tx) => {
    if (await isSupplierNameTaken(tx, input.name)) throw new FieldErrors({ name: [SUPPLIER_NAME_TAKEN] });
    const row = await insertSupplier(tx, toValues(input));
    if (!row) throw new FieldErrors({ name: [SUPPLIER_NAME_TAKEN] });
    const created = toSupplier(row);
    await recordAudit(tx, {
      userId,
      action: 'supplier.created',
      entityType: 'supplier',
      entityId: row.id,
      after: created,
    });
    return created;
  });
}

/** `unless` sees the supplier as it is, locked, and may refuse the change (a revert of a change since changed). */
export function updateSupplier(
  db: Db,
  userId: number,
  id: number,
  input: SupplierInput,
  unless?: (current: Supplier) => void,
): Promise<Supplier> {
  return db.transaction(async (tx) => {
    const before = await findSupplier(tx, id, { lock: true });
    if (!before) throw new NotFoundError(SUPPLIER_NOT_FOUND);
    unless?.(toSupplier(before));
    if (await isSupplierNameTaken(tx, input.name, id)) throw new FieldErrors({ name: [SUPPLIER_NAME_TAKEN] });
    const updated = toSupplier(await updateSupplierRow(tx, id, toValues(input)));
    await recordAudit(tx, {
      userId,
      action: 'supplier.updated',
      entityType: 'supplier',
      entityId: id,
      before: toSupplier(before),
      after: updated,
    });
    return updated;
  });
}
