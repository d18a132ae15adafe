import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { FullPageSpinner } from '@/components/layout/full-page-spinner';
import { paths } from '@/config/paths';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorScreen } from './layouts/route-error-screen';
import LandingRoute from './routes/landing';
import NotFoundRoute from './routes/not-found';

/** Loads a route module (default export = the screen) only when it is first visited. */
function lazyScreen(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: () => <FullPageSpinner />,
    children: [
      { path: paths.home, Component: LandingRoute },
      {
        Component: AuthLayout,
        children: [
          { path: paths.auth, ...lazyScreen(() => import('./routes/auth/auth')) },
          { path: paths.authCallback, ...lazyScreen(() => import('./routes/auth/callback')) },
        ],
      },
      {
        path: paths.dashboard,
        ...lazyScreen(() => import('./layouts/dashboard-layout')),
        children: [
          { index: true, ...lazyScreen(() => import('./routes/dashboard/home')) },
          { path: paths.chatbots, ...lazyScreen(() => import('./routes/dashboard/chatbots')) },
          { path: paths.newChatbot, ...lazyScreen(() => import('./routes/dashboard/new-chatbot')) },
          { path: paths.apiKeys, ...lazyScreen(() => import('./routes/dashboard/api-keys')) },
          { path: paths.settings, ...lazyScreen(() => import('./routes/dashboard/settings')) },
          { path: paths.billing, ...lazyScreen(() => import('./routes/dashboard/billing')) },
          { path: paths.subscription, ...lazyScreen(() => import('./routes/dashboard/subscription')) },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
