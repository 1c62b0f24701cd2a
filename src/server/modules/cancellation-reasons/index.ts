/** What other modules may use: checking a reason before recording it, its name for audit entries and exports. */
export { pickableReason } from './cancellation-reasons.service';
export { listReasons, reasonName } from './cancellation-reasons.queries';
