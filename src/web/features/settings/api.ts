import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { settingsEndpoints, type LookupEmailSettingsAnswer } from '../../../contract/settings';
import type { QueryIn } from '../../../contract/endpoint';
import { endpointKey } from '../../lib/api';
import { useApiQuery } from '../../lib/data';

export function useLookupEmailSettings() {
  return useApiQuery(settingsEndpoints.lookupEmail, {});
}

/** A save answers the new version: shown at once, so a second save names it rather than the one replaced. */
export function useShowSavedLookupEmail() {
  const queryClient = useQueryClient();
  return (answer: LookupEmailSettingsAnswer) =>
    queryClient.setQueryData(endpointKey(settingsEndpoints.lookupEmail, {}), answer);
}

export function useOutbox(query: QueryIn<typeof settingsEndpoints.outbox>) {
  return useApiQuery(settingsEndpoints.outbox, { query }, { placeholderData: keepPreviousData });
}
