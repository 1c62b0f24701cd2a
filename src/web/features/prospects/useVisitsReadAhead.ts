import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { prospectEndpoints, type ProspectRow } from '../../../contract/prospects';
import { prefetchApiQuery } from '../../lib/data';
import { useCan } from '../auth';

/** How many of the visits a field rep's list shows first are read ahead for offline reading. */
const READ_AHEAD = 10;

/**
 * A field rep's recent visits are readable offline, not only those they opened (ADR 051): once their list shows
 * online, the first visits in it are read through the service worker, which keeps each answer until sign-out or the
 * session's end. Only for a rep who sees their own visits alone, and only where a worker keeps what is read.
 */
export function useVisitsReadAhead(rows: ProspectRow[] | undefined): void {
  const can = useCan();
  const client = useQueryClient();
  const ownOnly = can('prospects.view-own') && !can('prospects.view-all');
  // The ids as one string: the same rows drawn again read nothing again.
  const ids = (rows ?? [])
    .slice(0, READ_AHEAD)
    .map((row) => row.id)
    .join(',');
  useEffect(() => {
    if (!ownOnly || !ids || !navigator.onLine || !navigator.serviceWorker?.controller) return;
    for (const id of ids.split(',').map(Number)) prefetchApiQuery(client, prospectEndpoints.detail, { params: { id } });
  }, [client, ids, ownOnly]);
}
