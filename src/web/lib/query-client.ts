import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http';

/**
 * One more try for a failure that may pass (a dropped connection, a 5xx); none for a 4xx, which would only be
 * refused again (a 403 retried just doubles the refusal in the audit log).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

// Data stays fresh until a user action invalidates it: returning to a loaded view makes no new request (§2).
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: shouldRetry, refetchOnWindowFocus: false } },
  });

/** The page's client: the providers render with it, and route loaders start a page's first queries on it. */
export const queryClient = createQueryClient();
