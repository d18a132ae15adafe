import { useEffect } from 'react';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';

interface FailingQuery {
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
}

/**
 * Announces a failed load as a toast besides the screen's alert (spec: a failed load is also a toast), once per
 * failure: a retry that fails again shows it again, under the same id so toasts do not pile up.
 */
export function useLoadErrorToast(query: FailingQuery, title: string, id: string) {
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast.error(title, { description: getErrorMessage(error), id });
  }, [isError, error, errorUpdatedAt, title, id]);
}
