import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Endpoint } from '../../../contract/endpoint';
import { endpointKey } from '../api';

/** Marks every cached answer of the given GET endpoints stale (every input), and waits for the visible ones to reload. */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return useCallback(
    async (...endpoints: Endpoint[]) => {
      await Promise.all(endpoints.map((e) => queryClient.invalidateQueries({ queryKey: endpointKey(e) })));
    },
    [queryClient],
  );
}
