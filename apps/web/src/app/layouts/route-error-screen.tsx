import { ERROR_SCREEN_RETRY_DELAY_MS } from '@parley/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';

/** Kept outside the component: the screen remounts each time the retried page fails again. */
let routeRetryCount = 0;

/** Errors the router catches itself (e.g. a page's code failed to load). Try Again re-enters the same page. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const [retryCount, setRetryCount] = useState(routeRetryCount);
  const [isRetrying, setIsRetrying] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const retry = () => {
    routeRetryCount += 1;
    setRetryCount(routeRetryCount);
    setIsRetrying(true);
    timer.current = setTimeout(() => {
      setIsRetrying(false);
      void navigate(`${location.pathname}${location.search}`, { replace: true });
    }, ERROR_SCREEN_RETRY_DELAY_MS);
  };

  return <ErrorScreen retryCount={retryCount} isRetrying={isRetrying} onRetry={retry} />;
}
