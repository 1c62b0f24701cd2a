/** The queue's names of the alert check and the digest run (ADR 059). */
export const ALERT_CHECKS_JOB = 'alert-checks';
export const DIGESTS_JOB = 'digests';
