/** What other features (equipment, cancellations) may use of devices. */
export { retryUnlessMissing, useDeviceMutation, useDeviceOptions } from './api';
export { CustomerLink } from './CustomerLink';
export { DEVICE_AUDIT_LABELS } from './auditLabels';
