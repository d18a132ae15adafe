import { useCallback, useState } from 'react';

/**
 * The page of a server-paginated list, belonging to the filter it was picked under (`filterKey`: the search, status,
 * … as one string): a new filter starts from the first page, in the same render, without a request for the old page.
 */
export function usePageOfFilter(filterKey: string): [page: number, setPage: (page: number) => void] {
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  if (paging.filterKey !== filterKey) setPaging({ filterKey, page: 1 }); // during render, as React advises for state that follows a value
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ filterKey, page: next }), [filterKey]);
  return [page, setPage];
}
