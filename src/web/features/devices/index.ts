/** What other features (equipment) may use of devices. */
export { retryUnlessMissing, useDeviceMutation } from './api';
export { CustomerLink } from './CustomerLink';
export { DEVICE_AUDIT_LABELS } from './auditLabels';
