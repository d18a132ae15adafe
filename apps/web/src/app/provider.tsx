import { TOAST_DURATION_MS, TOAST_GAP, TOAST_HOTKEY, TOAST_VISIBLE_MAX, TOAST_WIDTH } from '@parley/shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Toaster } from '@/components/ui/sonner';
import { ThemeProvider } from '@/features/theme/components/theme-provider';
import { useTheme } from '@/features/theme/hooks/use-theme';
import { createQueryClient } from '@/lib/query-client';

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
          <AppToaster />
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
