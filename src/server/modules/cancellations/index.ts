/** What other modules may use of cancellations: recording a reason, as the PATCH does. */
export { recordCancellationReason } from './cancellations.service';
