import { DEVICE_STATUSES } from '../../../contract/business';
import { formatDateTime } from '../../ui';

/** A field an entry recorded: its label, and its value before and after (absent on the side that has none). */
export interface FieldChange {
  field: string;
  label: string;
  before?: string;
  after?: string;
}

/** The names of the fields entries record, where the recorded key does not read as one. */
const FIELD_LABELS: Record<string, string> = {
  contactEmail: 'Contact e-mail',
  senderEmail: 'Sender e-mail',
  email: 'E-mail',
  imei: 'IMEI',
  sim: 'SIM',
  productId: 'Model id',
  deviceStatusId: 'Status',
  active: 'In the picker',
  cancellation_reason: 'Reason',
  lineDeletedAt: 'Line deleted',
  entryId: 'Entry',
};

/** Fields holding the id of one of the business's fixed lists (§9), shown by the name the list gives it. */
const LIST_NAMES: Record<string, ReadonlyMap<unknown, string>> = {
  deviceStatusId: new Map(DEVICE_STATUSES.map((s) => [s.id, s.description])),
};

/** A field's recorded value as a person reads it: an id of a fixed list by its name. */
const valueOf = (field: string, value: unknown) => LIST_NAMES[field]?.get(value) ?? formatValue(value);

/** Bookkeeping every row has, which says nothing of what the change was. */
const UNSHOWN = new Set(['id', 'createdAt', 'updatedAt']);

/** "contactName" and "supplier_report" as "Contact name" and "Supplier report". */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value as a person reads it: none as "—", yes/no, a time in the business format, a record's fields. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${fieldLabel(k)}: ${formatValue(v)}`)
      .join(', ');
  return String(value);
}

const asRecord = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The fields worth showing of a recorded state: not bookkeeping, and not an id beside the name it stands for. */
const shownFields = (state: Record<string, unknown>) =>
  Object.keys(state).filter((k) => !UNSHOWN.has(k) && !(k.endsWith('_id') && k.slice(0, -3) in state));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an entry changed, field by field. With both states, the fields of the after state whose value differs (an
 * after state may hold only what changed); with one, every field of it (a creation, a deletion, an event's details).
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const [b, a] = [asRecord(before), asRecord(after)];
  if (b && a)
    return shownFields(a)
      .filter((field) => !same(b[field], a[field]))
      .map((field) => ({
        field,
        label: fieldLabel(field),
        before: valueOf(field, b[field]),
        after: valueOf(field, a[field]),
      }));
  const only = a ?? b;
  if (!only) return [];
  const side = a ? 'after' : 'before';
  return shownFields(only).map((field) => ({ field, label: fieldLabel(field), [side]: valueOf(field, only[field]) }));
}
