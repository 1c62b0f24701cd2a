import { z } from 'zod';
import { endpoint } from './endpoint';
import { id, text } from './primitives';

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
  subscription: ['set_cancellation_reason'],
  subscription_cancellation: ['set_cancellation_reason'],
  cancellation_reason: ['create', 'rename', 'reorder', 'retire', 'restore', 'delete'],
  supplier: ['supplier.created', 'supplier.updated'],
  container: ['container.created', 'container.updated', 'container.deleted'],
  parcel: ['parcel.created'],
  prospect: ['prospect.created'],
  feedback_submission: ['feedback.submitted'],
  'settings.lookup_email': ['settings.updated'],
} as const;
export type AuditEntityType = keyof typeof AUDIT_ACTIONS;
/** An action of the audit log; `AuditAction<'device'>` for those written on one kind of record. */
export type AuditAction<T extends AuditEntityType = AuditEntityType> = (typeof AUDIT_ACTIONS)[T][number];

/** Any record kind may be asked for (a customer has a history page before it has entries). */
export const auditQuery = z.object({
  entityType: text({ label: 'entity type', max: 50 }),
  entityId: id(),
});

export const auditEntry = z.object({
  id: z.number(),
  action: z.string(),
  userName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/audit',
    query: auditQuery,
    response: z.array(auditEntry),
    access: 'history.view',
    summary: 'The latest 200 audit entries of one record, newest first.',
  }),
};
