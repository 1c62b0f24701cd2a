/** What other features may use of the audit log: a record's history, and the toast that undoes a change. */
export { AuditHistory } from './AuditHistory';
export { useUndoToast } from './useUndoToast';
