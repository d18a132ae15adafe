import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { useLoadErrorToast } from '@/hooks/use-load-error-toast';

interface ResourceStatesProps<Data> {
  query: UseQueryResult<Data>;
  /** While the first page loads: LoadingRows shaped like the list. */
  loading: ReactNode;
  /** The screen's sentence for a failed load, often the spec's: "Failed to load FAQs". */
  loadFailedTitle: string;
  /** Also announces a failed load as a toast under this id (screens whose spec asks for the toast too). */
  loadFailedToastId?: string;
  /** Wraps the alert: "px-6 sm:px-0" in a card whose table runs edge to edge on phones. */
  alertClassName?: string;
  /** Shown instead of the list when `isEmpty` says so (by default: when the data is an empty array). */
  empty?: ReactNode;
  isEmpty?: (data: Data) => boolean;
  /** The list itself, once loaded. */
  children: (data: Data) => ReactNode;
}

const isEmptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

function LoadErrorToast({ query, title, id }: { query: UseQueryResult<unknown>; title: string; id: string }) {
  useLoadErrorToast(query, title, id);
  return null;
}

/** A resource list's four states: loading, failed (with Retry), empty, and the list. */
export function ResourceStates<Data>({
  query,
  loading,
  loadFailedTitle,
  loadFailedToastId,
  alertClassName,
  empty,
  isEmpty = isEmptyArray,
  children,
}: ResourceStatesProps<Data>) {
  let body: ReactNode;
  if (query.isPending) {
    body = loading;
  } else if (query.isError) {
    const alert = <LoadErrorAlert query={query} title={loadFailedTitle} />;
    body = alertClassName ? <div className={alertClassName}>{alert}</div> : alert;
  } else if (empty !== undefined && isEmpty(query.data)) {
    body = empty;
  } else {
    body = children(query.data);
  }
  return (
    <>
      {loadFailedToastId && <LoadErrorToast query={query} title={loadFailedTitle} id={loadFailedToastId} />}
      {body}
    </>
  );
}
