import { AUDIT_ACTIONS, type AuditAction, type AuditEntityType } from '../../../contract/audit';
import { DEVICE_AUDIT_LABELS } from '../devices';

/** Readable names of every action of the audit log, for the whole log; one for each. */
export const AUDIT_ACTION_LABELS = {
  ...DEVICE_AUDIT_LABELS,
  set_cancellation_reason: 'Cancellation reason changed',
  create: 'Created',
  rename: 'Renamed',
  reorder: 'Moved in the list',
  retire: 'Retired',
  restore: 'Restored',
  delete: 'Deleted',
  'supplier.created': 'Created',
  'supplier.updated': 'Changed',
  'container.created': 'Created',
  'container.updated': 'Changed',
  'container.deleted': 'Deleted',
  'parcel.created': 'Created',
  'prospect.created': 'Visit logged',
  'feedback.submitted': 'Sent',
  'settings.updated': 'Changed',
  'change.reverted': 'Change taken back',
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.signed_out': 'Signed out',
  'auth.permission_denied': 'Permission denied',
  'staff.invited': 'Invited',
  'staff.updated': 'Role or details changed',
  'staff.disabled': 'Disabled',
  'staff.enabled': 'Enabled',
  'staff.signed_out_everywhere': 'Signed out everywhere',
  'staff.password_reset_issued': 'Password reset link sent',
  'account.password_changed': 'Own password changed',
  'account.password_set': 'Password set from a link',
  'account.session_ended': 'Own session ended',
  'account.mfa_enabled': 'Two-factor sign-in turned on',
  'account.mfa_disabled': 'Two-factor sign-in turned off',
  'account.recovery_codes_replaced': 'Recovery codes replaced',
  'backup.downloaded': 'Backup made',
  'job.run_again': 'Run again',
  'alert_rule.created': 'Alert made',
  'alert_rule.deleted': 'Alert deleted',
  'alert_rule.snoozed': 'Alert snoozed',
  'alert_rule.unsubscribed': 'Unsubscribed from an e-mail',
  'digest.saved': 'Digest set',
  'digest.ended': 'Digest ended',
  'digest.unsubscribed': 'Unsubscribed from an e-mail',
} satisfies Record<AuditAction, string>;

/** What each kind of record is called, in the record column and as the action groups. */
export const AUDIT_RECORD_LABELS: Record<AuditEntityType, string> = {
  device: 'Device',
  equipment: 'Equipment',
  subscription: 'Subscription',
  subscription_cancellation: 'Cancellation',
  cancellation_reason: 'Cancellation reason',
  supplier: 'Supplier',
  container: 'Parcel container',
  parcel: 'Parcel',
  prospect: 'Prospect',
  feedback_submission: 'Feedback',
  'settings.lookup_email': 'Lookup e-mail settings',
  backup: 'Database backup',
  job: 'Background job',
  alert_rule: 'Alert rule',
  digest: 'Digest',
  user: 'Staff account',
};

// Entries written before an action or record kind was renamed keep their recorded name.
export const actionLabel = (action: string) =>
  (AUDIT_ACTION_LABELS as Record<string, string | undefined>)[action] ?? action;
export const recordLabel = (entityType: string) =>
  (AUDIT_RECORD_LABELS as Record<string, string | undefined>)[entityType] ?? entityType;

/** The action filter's options, grouped by the kind of record; an action shared by two kinds shows under the first. */
export function actionGroups() {
  const seen = new Set<string>();
  return Object.entries(AUDIT_ACTIONS).map(([type, actions]) => ({
    group: recordLabel(type),
    items: actions
      .filter((action) => !seen.has(action) && seen.add(action))
      .map((action) => ({ value: action, label: actionLabel(action) })),
  }));
}
