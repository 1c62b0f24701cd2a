import { z } from './zod';
import { endpoint } from './endpoint';
import { csvFile, sortParam } from './pagination';
import { calendarDate, id, isCalendarDate } from './primitives';

/**
 * Every action the server writes to the audit log, by the kind of record (entity type) it is written on.
 * recordAudit takes only these, and the label maps of the history tables are checked against them.
 */
export const AUDIT_ACTIONS = {
  device: [
    'device.blacklist_hold',
    'device.unassign_equipment',
    'device.remove_equipment',
    'device.separate_equipment',
    'device.delete_line',
    'device.delete',
    'device.equipment_moved_out',
    'device.equipment_moved_in',
  ],
  equipment: ['equipment.created', 'equipment.received', 'equipment.delete'],
  subscription: ['set_cancellation_reason', 'change.reverted'],
  subscription_cancellation: ['set_cancellation_reason', 'change.reverted'],
  cancellation_reason: ['create', 'rename', 'reorder', 'retire', 'restore', 'delete', 'change.reverted'],
  supplier: ['supplier.created', 'supplier.updated', 'change.reverted'],
  container: ['container.created', 'container.updated', 'container.deleted', 'change.reverted'],
  parcel: ['parcel.created'],
  prospect: ['prospect.created'],
  feedback_submission: ['feedback.submitted'],
  'settings.lookup_email': ['settings.updated', 'change.reverted'],
  // A copy of the whole database left the server (no record id: the backup concerns every record).
  backup: ['backup.downloaded'],
  // Background work queued again from the Jobs page (no record id: runs are the queue's, named in the entry).
  job: ['job.run_again'],
  // A person's alert rules and digest (ADR 059); an unsubscribe link's use is written on them too.
  alert_rule: ['alert_rule.created', 'alert_rule.deleted', 'alert_rule.snoozed', 'alert_rule.unsubscribed'],
  digest: ['digest.saved', 'digest.ended', 'digest.unsubscribed'],
  // Security events and staff accounts, written on the account concerned (none for an unknown e-mail).
  user: [
    'auth.signed_in',
    'auth.sign_in_failed',
    'auth.signed_out',
    'auth.permission_denied',
    'staff.invited',
    'staff.updated',
    'staff.disabled',
    'staff.enabled',
    'staff.signed_out_everywhere',
    'staff.password_reset_issued',
    'account.password_changed',
    'account.password_set',
    'account.session_ended',
    'account.mfa_enabled',
    'account.mfa_disabled',
    'account.recovery_codes_replaced',
  ],
} as const;
export type AuditEntityType = keyof typeof AUDIT_ACTIONS;
/** An action of the audit log; `AuditAction<'device'>` for those written on one kind of record. */
export type AuditAction<T extends AuditEntityType = AuditEntityType> = (typeof AUDIT_ACTIONS)[T][number];

export const AUDIT_ENTITY_TYPES = Object.keys(AUDIT_ACTIONS) as [AuditEntityType, ...AuditEntityType[]];
/** Every action once: `set_cancellation_reason` is written on two kinds of record. */
export const AUDIT_ACTION_NAMES = [...new Set(Object.values(AUDIT_ACTIONS).flat())] as [AuditAction, ...AuditAction[]];

/**
 * The record kinds whose history `history.view` shows: every business record, and customers (their page shows
 * changes of their subscriptions). Staff accounts (`user`) carry the security events, reserved for `audit.view`
 * (ADR 010, ADR 012), backups and jobs are no record, and alert rules and digests are a person's own settings:
 * none is a record type of this endpoint at all.
 */
const NOT_HISTORY = ['user', 'backup', 'job', 'alert_rule', 'digest'] as const;
export const HISTORY_ENTITY_TYPES = [
  ...AUDIT_ENTITY_TYPES.filter(
    (t): t is Exclude<AuditEntityType, (typeof NOT_HISTORY)[number]> => !(NOT_HISTORY as readonly string[]).includes(t),
  ),
  'customer',
] as const;
export type HistoryEntityType = (typeof HISTORY_ENTITY_TYPES)[number];

export const auditQuery = z.object({
  entityType: z.enum(HISTORY_ENTITY_TYPES, {
    error: (issue) =>
      issue.input === undefined ? 'The record type field is required.' : 'The selected record type is invalid.',
  }),
  entityId: id(),
});

export const AUDIT_LOG_PAGE_SIZE = 50;

/**
 * Where the next page of the whole log starts: the last entry's time, to the microsecond PostgreSQL keeps, and
 * its id, as `YYYY-MM-DDTHH:MM:SS.ffffffZ_id`. The server makes it; the client only passes it back, as `before`
 * newest first (older entries follow) and as `after` oldest first (newer ones follow).
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z_([1-9]\d{0,14})$/;
const CURSOR_MESSAGE = 'The page cursor is not valid. Start again from the newest entries.';
const auditCursor = z.string().transform((value, ctx) => {
  const m = CURSOR.exec(value);
  if (!m || !isCalendarDate(m[1]!)) {
    ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
    return z.NEVER;
  }
  return { at: value.slice(0, value.indexOf('_')), id: Number(m[3]) };
});

/** The cursor each order of the log pages on: entries older than it newest first, newer than it oldest first. */
const CURSOR_OF_ORDER = { '-createdAt': 'before', createdAt: 'after' } as const;

/**
 * Filters of the whole log; the dates are business days, from and to inclusive. Newest first unless
 * `sort=createdAt` (oldest first), each order paging on its own cursor.
 */
export const auditLogQuery = z
  .object({
    userId: id().optional(),
    action: z.enum(AUDIT_ACTION_NAMES, { error: 'The selected action is invalid.' }).optional(),
    entityType: z.enum(AUDIT_ENTITY_TYPES, { error: 'The selected record type is invalid.' }).optional(),
    entityId: id().optional(),
    from: calendarDate('The from date must be a real date as YYYY-MM-DD.').optional(),
    to: calendarDate('The to date must be a real date as YYYY-MM-DD.').optional(),
    sort: sortParam(['createdAt'], '-createdAt'),
    before: auditCursor.optional(),
    after: auditCursor.optional(),
  })
  .superRefine((q, ctx) => {
    const wrong = CURSOR_OF_ORDER[q.sort] === 'before' ? 'after' : 'before';
    if (q[wrong] !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: [wrong],
        message: `The ${q.sort === 'createdAt' ? 'oldest-first' : 'newest-first'} log pages with ${CURSOR_OF_ORDER[q.sort]}, not ${wrong}. Start again from the first page.`,
      });
    if (q.entityId !== undefined && q.entityType === undefined)
      ctx.addIssue({ code: 'custom', path: ['entityType'], message: 'Choose the record type of the record id.' });
    if (q.from && q.to && q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The to date must be on or after the from date.' });
  });
export type AuditLogQuery = z.output<typeof auditLogQuery>;

/**
 * One entry as written, with what the server knows of its record now: as a record's history shows it to anyone who
 * may read histories, without where it came from.
 */
export const auditChange = z.object({
  id: z.number(),
  createdAt: z.string(),
  userName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.number().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The record's name (a customer's, a device's model and IMEI); null when it has none the viewer may see. */
  recordName: z.string().nullable(),
  /** The record no longer exists. */
  recordGone: z.boolean(),
  /**
   * Revert would put this entry's before back now: reversible, not taken back, the record's latest change, and the
   * viewer may revert.
   */
  revertable: z.boolean(),
});
export type AuditChange = z.infer<typeof auditChange>;

/** An entry of the whole log: also who made it by id, and the address and user agent it came from. */
export const auditLogChange = auditChange.extend({
  userId: z.number().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditLogChange = z.infer<typeof auditLogChange>;

/** The taking back of a change (an Undo or a Revert): who, when, and the entries it wrote. */
const undoOf = <T extends z.ZodType>(entry: T) =>
  z.object({
    id: z.number(),
    userName: z.string().nullable(),
    createdAt: z.string(),
    entries: z.array(entry),
  });
export const auditUndo = undoOf(auditLogChange);
export type AuditUndo = z.infer<typeof auditUndo>;

/**
 * A change of a record's history, with the entries it wrote on other records at once and what took it back, each
 * oldest first (ADR 048, ADR 055).
 */
export const auditEntry = auditChange.extend({
  alongside: z.array(auditChange),
  undos: z.array(undoOf(auditChange)),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogEntry = auditLogChange.extend({
  /**
   * The other entries the same change wrote, oldest first (a replacement's other device, the equipment a device
   * action took out): one row names every record a change touched (ADR 055).
   */
  alongside: z.array(auditLogChange),
  /** What took this change back, oldest first; shown with it rather than as entries of their own (ADR 048). */
  undos: z.array(auditUndo),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

/** How many changes a record's history shows, newest first. */
export const AUDIT_HISTORY_SIZE = 200;

export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/audit',
    query: auditQuery,
    response: z.array(auditEntry),
    access: 'history.view',
    reads: ['audit'],
    summary: `The latest ${AUDIT_HISTORY_SIZE} changes of one record, newest first, read as the audit log reads them: records named, each change with its undos.`,
  }),
};

export const auditLogPage = z.object({
  rows: z.array(auditLogEntry),
  /** The cursor of the next page (`before` newest first, `after` oldest first); null on the last. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPage>;

export const auditLogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/audit-log',
    query: auditLogQuery,
    response: auditLogPage,
    access: 'audit.view',
    reads: ['audit'],
    summary: `The whole audit log, newest first (oldest first with sort=createdAt), ${AUDIT_LOG_PAGE_SIZE} entries a page; pass nextCursor as \`before\` for older ones (as \`after\` for newer ones oldest first).`,
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/api/audit-log/export.csv',
    query: auditLogQuery,
    response: csvFile,
    access: 'audit.view',
    reads: ['audit'],
    summary:
      'Every entry the filters find (from `before` or `after` when given), in the asked order, as CSV; before and after as JSON.',
  }),
};
