import { TOAST_DURATION_MS, TOAST_GAP, TOAST_HOTKEY, TOAST_VISIBLE_MAX, TOAST_WIDTH } from '@parley/shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type CSSProperties, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ThemeProvider } from '@/features/theme/components/theme-provider';
import { useTheme } from '@/features/theme/hooks/use-theme';
import { createQueryClient } from '@/lib/query-client';

// Loaded after the first screen; toasts raised meanwhile wait for it (lib/toast.ts).
const Toaster = lazy(() => import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })));

/** Spec part 1 §9: auto-close 4 s, up to 3 visible, gap 14, width 356, hotkey Alt+T. */
function AppToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      theme={theme}
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE_MAX}
      gap={TOAST_GAP}
      hotkey={[...TOAST_HOTKEY]}
      closeButton
      style={{ '--width': `${TOAST_WIDTH}px` } as CSSProperties}
      // Through sonner's own --width variable, so that on narrow screens its full-width rule still applies.
      toastOptions={{ duration: TOAST_DURATION_MS, style: { '--width': `${TOAST_WIDTH}px` } as CSSProperties }}
    />
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          {children}
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
