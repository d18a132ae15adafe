import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';

/** A picker's page: ten options at a time, about what its list shows before it scrolls. */
export const PICKER_PAGE_SIZE = 10;

export interface PickerOption {
  id: string;
  name: string;
}

/** A page of a server-paginated list, as every paginated route answers it. */
export interface PickerPage {
  items: PickerOption[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Where a searchable picker reads its options: a page of those matching a search, and the options named by ids (the
 * ones already chosen, which may be on no page loaded). A feature's api folder defines it; `queryKey` roots both.
 */
export interface PickerSource {
  queryKey: readonly unknown[];
  fetchPage: (params: { search: string; page: number; pageSize: number; signal: AbortSignal }) => Promise<PickerPage>;
  fetchByIds: (ids: string[], signal: AbortSignal) => Promise<PickerOption[]>;
}

/** The pages of options matching a search, loaded one after another on demand. */
export function usePickerPages(source: PickerSource, search: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: [...source.queryKey, 'pages', search],
    queryFn: ({ pageParam, signal }) => source.fetchPage({ search, page: pageParam, pageSize: PICKER_PAGE_SIZE, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: PickerPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    // While a new search loads, the last answer stays (dimmed) rather than the list emptying at every keystroke.
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The names of the options with these ids (null and repeated ids are ignored): a map from id to name, in which an id
 * the source no longer has (a deleted chatbot) is missing once `isSuccess`.
 */
export function usePickerNames(source: PickerSource, ids: readonly (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))].sort();
  const query = useQuery({
    queryKey: [...source.queryKey, 'names', wanted],
    queryFn: ({ signal }) => source.fetchByIds(wanted, signal),
    select: (options) => new Map(options.map((option) => [option.id, option.name])),
    enabled: wanted.length > 0,
  });
  return { names: query.data ?? new Map<string, string>(), isSuccess: wanted.length === 0 || query.isSuccess, isError: query.isError };
}
