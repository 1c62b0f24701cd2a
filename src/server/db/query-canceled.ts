/** SQLSTATE of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** PostgreSQL cancelled the statement past its timeout; drizzle wraps the driver's error, so its SQLSTATE is on the cause. */
export const isQueryCanceled = (error: unknown): boolean => {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return code === QUERY_CANCELED || cause?.code === QUERY_CANCELED;
};
