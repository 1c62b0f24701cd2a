/** What other modules may use of the audit trail. */
export { originOf, recordAudit, type AuditInput, type AuditOrigin } from './audit.service';
export { auditEntryById, latestAuditEntryOf } from './audit.queries';
export { auditRetentionJob } from './audit-retention';
