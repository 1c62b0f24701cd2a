import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Endpoint } from '../../../contract/endpoint';
import { invalidateChanged } from './invalidate';

/**
 * Marks stale every cached answer a call of the write `e` (with `input`) may have changed, from what its endpoint
 * declares, and waits for the visible ones to reload. The hooks call it after a success; call it yourself after a
 * write made outside them, or after a refusal that means the data changed meanwhile.
 */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return useCallback((e: Endpoint, input?: unknown) => invalidateChanged(queryClient, e, input), [queryClient]);
}
