import { useEffect, useState } from 'react';
import { customerEndpoints, isSearchable, type CustomerSearchResult } from '../../../contract/customers';
import { api } from '../../lib/api';

/**
 * The matches for the text typed, searched after `delay` ms of quiet typing, and whether their list is open:
 * null options while nothing is found yet, so the list stays closed.
 */
export function useCustomerSearch(delay: number) {
  const [options, setOptions] = useState<CustomerSearchResult[] | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState('');

  useEffect(() => {
    if (!isSearchable(query)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      api(customerEndpoints.search, { query: { q: query.trim() } }, { signal: controller.signal })
        .then((rows) => {
          if (controller.signal.aborted) return;
          setOptions(rows);
          setListOpen(true);
        })
        // §8: a failed customer search is not shown to the user.
        .catch((err: unknown) => {
          if ((err as Error).name !== 'AbortError') console.error('Customer search failed', err);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, delay);
    // A newer keystroke cancels the wait and the request in flight, so a late answer never lands.
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, delay]);

  /** Every keystroke clears the list first, then searches anew. */
  const search = (text: string) => {
    setOptions(null);
    setLoading(false);
    setListOpen(false);
    setQuery(text);
  };

  /** A customer was chosen: no list, no search. */
  const clear = () => {
    setOptions(null);
    setQuery('');
    setListOpen(false);
  };

  return { options, loading, listOpen, setListOpen, search, clear };
}
