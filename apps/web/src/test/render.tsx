import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { ThemeProvider } from '@/features/theme/components/theme-provider';

/** A fresh client per test, like the app's (lib/query-client) but without retries: a failure shows at once. */
function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Where the screen has navigated to (its search parameters), for tests that read it. */
let currentLocation = { pathname: '/', search: '' };
function LocationProbe() {
  const location = useLocation();
  currentLocation = { pathname: location.pathname, search: location.search };
  return null;
}
export const testLocation = () => currentLocation;

export interface ScreenRender extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
}

/**
 * Renders a screen with the providers the app gives it (app/provider.tsx: query client, theme, the toaster) and a
 * router at `route`. Toasts appear in the document, as users see them.
 */
export function renderScreen(ui: ReactElement, { route = '/' }: { route?: string } = {}): ScreenRender {
  const queryClient = createTestQueryClient();
  // No pause between keystrokes: React Testing Library wraps each event in act, so the screen keeps up.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[route]}>
          <LocationProbe />
          {ui}
        </MemoryRouter>
        <Toaster theme="light" />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

/**
 * Replaces what a field holds, the new text arriving in one input event as when it is pasted. Typing key by key
 * re-renders a big form once per character; tests whose subject is not the keystrokes fill fields this way.
 */
export async function fillIn(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text) await user.paste(text);
}
