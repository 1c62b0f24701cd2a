/**
 * What other modules may use: checking a reason before recording it, its name for audit entries and exports, and the
 * guarded rename and retire/restore a revert goes through.
 */
export { pickableReason, renameReason, setReasonActive } from './cancellation-reasons.service';
export { listReasons, reasonName } from './cancellation-reasons.queries';
