import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { settingsPaths, type LookupEmailSettingsAnswer, type OutboxRow } from '../../../contract/settings';
import type { Page } from '../../../contract/pagination';
import { http } from '../../lib/http';

export const settingsKeys = {
  lookupEmail: ['settings', 'lookup-email'] as const,
  outbox: ['mail-outbox'] as const,
};

export function useLookupEmailSettings() {
  return useQuery({
    queryKey: settingsKeys.lookupEmail,
    queryFn: () => http.get<LookupEmailSettingsAnswer>(settingsPaths.lookupEmail),
  });
}

export function useOutbox(page: number, perPage: number) {
  return useQuery({
    queryKey: [...settingsKeys.outbox, page, perPage],
    queryFn: () => http.get<Page<OutboxRow>>(settingsPaths.outbox, { page, perPage }),
    placeholderData: keepPreviousData,
  });
}
