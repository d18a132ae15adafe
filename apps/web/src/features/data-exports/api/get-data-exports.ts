import type { DataExport, DataExportList } from '@parley/shared/contracts/data-exports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** While an archive is being built the list is read again this often, for its progress. */
export const DATA_EXPORT_POLL_MS = 1500;

/** GET /api/data-exports: the organization's archives of the last 7 days (owners and admins). */
export function getDataExports({ signal }: { signal?: AbortSignal } = {}): Promise<DataExportList> {
  return api.get<DataExportList>('/api/data-exports', { signal });
}

export function getDataExportsQueryOptions() {
  return queryOptions({ queryKey: ['data-exports'], queryFn: ({ signal }) => getDataExports({ signal }) });
}

export const isInProgress = (item: DataExport) => item.status === 'queued' || item.status === 'running';

export function useDataExports() {
  return useQuery({
    ...getDataExportsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.items.some(isInProgress) ? DATA_EXPORT_POLL_MS : false),
  });
}

/** POST /api/data-exports: starts building a new archive. */
export function createDataExport(): Promise<DataExport> {
  return api.post<DataExport>('/api/data-exports');
}

export function useCreateDataExport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDataExport, onSettled: () => queryClient.invalidateQueries({ queryKey: getDataExportsQueryOptions().queryKey }) });
}

/** DELETE /api/data-exports/:id: removes an archive before its 7 days are up. */
export function deleteDataExport(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/data-exports/${encodeURIComponent(id)}`);
}

export function useDeleteDataExport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDataExport, onSettled: () => queryClient.invalidateQueries({ queryKey: getDataExportsQueryOptions().queryKey }) });
}

/** The download is a plain link: the browser streams the file with the session cookie. */
export const dataExportDownloadUrl = (id: string) => `/api/data-exports/${encodeURIComponent(id)}/download`;
