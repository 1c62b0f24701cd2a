/** What the subscription and cancellation lists may use of cancellation reasons: the picker and its queue. */
export { ReasonPicker } from './ReasonPicker';
export { reasonLabel, useCancellationReasons } from './api';
export { useReasonQueue } from './useReasonQueue';
