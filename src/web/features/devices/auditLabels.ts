import type { AuditAction } from '../../../contract/audit';

/** Readable names of the audit actions of devices and equipment, for the audit log and their histories; one for each. */
export const DEVICE_AUDIT_LABELS = {
  'device.blacklist_hold': 'Converted to SIM Only with blacklist hold',
  'device.unassign_equipment': 'Unassigned equipment',
  'device.remove_equipment': 'Removed equipment from inventory',
  'device.separate_equipment': 'Separated equipment and deleted the device',
  'device.delete_line': 'Deleted the line',
  'device.delete': 'Deleted the device',
  'device.equipment_moved_out': 'Moved equipment and line to another device',
  'device.equipment_moved_in': 'Received equipment and line from another device',
  'equipment.created': 'Taken out of a device',
  'equipment.received': 'Marked as received',
  'equipment.delete': 'Deleted',
} satisfies Record<AuditAction<'device' | 'equipment'>, string>;
