import { useSearchParams } from 'react-router';
import { FIRST_PAGE, useParamsUpdate } from './DataTable';

/**
 * A list's filters, kept in the address: `get` reads one ('' when unset); `set` changes some (an empty value clears
 * it) and starts again from the first page, as the page one was on may not exist under the new filters.
 */
export function useFilterParams() {
  const [params] = useSearchParams();
  const update = useParamsUpdate();
  return {
    get: (name: string) => params.get(name) ?? '',
    set: (changes: Record<string, string | null | undefined>) => update({ ...FIRST_PAGE, ...changes }),
  };
}
