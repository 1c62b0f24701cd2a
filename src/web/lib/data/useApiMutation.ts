import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CallInput, Endpoint, ResponseOf } from '../../../contract/endpoint';
import { api } from '../api';
import { useInvalidate } from './useInvalidate';
import { HttpError, type CallInit } from '../http';
import { submitKeys } from '../idempotency';
import { notify } from '../../ui/notify';

export interface MutationOptions<E extends Endpoint> {
  /** The toast after a success; none when the page shows the outcome itself. */
  success?: string | ((response: ResponseOf<E>) => string);
  onSuccess?(response: ResponseOf<E>, input: CallInput<E>): void;
  /** Called after the error toast, e.g. to close a dialog or reload. */
  onError?(error: unknown): void;
  /** False when the caller shows the refusal itself (a confirmation dialog's alert), so it is not shown twice. */
  toastErrors?: boolean;
}

const call = api as <E extends Endpoint>(e: E, input: object, init: CallInit) => Promise<ResponseOf<E>>;

/** What §8 shows for a failed action: the first entry of the errors list, else a plain sentence. */
export const failureMessage = (error: unknown) =>
  error instanceof HttpError ? error.firstError : 'Something went wrong. Please try again.';

/**
 * A change through a declared endpoint, with the outcome handled once for every page: the cached answers of what
 * its endpoint declares it changes invalidated, a toast on success, the server's first error as a toast on failure.
 */
export function useApiMutation<E extends Endpoint>(e: E, options: MutationOptions<E> = {}) {
  const invalidate = useInvalidate();
  const [keys] = useState(submitKeys);
  return useMutation({
    mutationFn: (input: CallInput<E>) =>
      call(e, input as object, { idempotencyKey: e.idempotent ? keys.keyFor(input) : undefined }),
    onSuccess: async (response, input) => {
      keys.settle();
      await invalidate(e, input);
      const message = typeof options.success === 'function' ? options.success(response) : options.success;
      if (message) notify.success(message);
      options.onSuccess?.(response, input);
    },
    onError: (error) => {
      if (!(error instanceof HttpError)) console.error(error);
      if (options.toastErrors !== false) notify.error(failureMessage(error));
      options.onError?.(error);
    },
  });
}
