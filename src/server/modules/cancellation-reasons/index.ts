/** What other modules may use: checking a reason before recording it, and its name for audit entries. */
export { pickableReason } from './cancellation-reasons.service';
export { reasonName } from './cancellation-reasons.queries';
