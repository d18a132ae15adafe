import { ADMIN_REDIRECTS, ADMIN_ROUTES } from '@parley/shared/admin-routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { FullPageSpinner } from '@/components/layout/full-page-spinner';
import { paths } from '@/config/paths';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorScreen } from './layouts/route-error-screen';
import NotFoundRoute from './routes/not-found';

/** Loads a route module (default export = the screen) only when it is first visited. */
function lazyScreen(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

type ScreenModule = () => Promise<{ default: ComponentType }>;

/** Admin screens built so far; every other path of ADMIN_ROUTES shows the "Not available yet" panel. */
const ADMIN_SCREENS: Readonly<Record<string, ScreenModule>> = {
  '/admin/users': () => import('./routes/admin/users'),
  '/admin/admin-users': () => import('./routes/admin/admin-users'),
  '/admin/activity': () => import('./routes/admin/activity'),
  '/admin/health': () => import('./routes/admin/health'),
  '/admin/debug': () => import('./routes/admin/debug'),
  '/admin/debug/outbox': () => import('./routes/admin/email-outbox'),
  '/admin/token-packages': () => import('./routes/admin/token-packages'),
  '/admin/token-conversion': () => import('./routes/admin/token-conversion'),
  '/admin/tier-limits': () => import('./routes/admin/tier-limits'),
  '/admin/pricing': () => import('./routes/admin/pricing'),
  '/admin/billing': () => import('./routes/admin/billing'),
  '/admin/system-configuration': () => import('./routes/admin/system-configuration'),
  '/admin/ai-agents': () => import('./routes/admin/ai-agents'),
  '/admin/n8n-integration': () => import('./routes/admin/n8n-integration'),
  '/admin/templates': () => import('./routes/admin/templates'),
  '/admin/behavior-templates': () => import('./routes/admin/behavior-templates'),
  '/admin/security': () => import('./routes/admin/security'),
  '/admin/security/audit': () => import('./routes/admin/security-audit'),
  '/admin/referrals': () => import('./routes/admin/referrals'),
  '/admin/referrals/settings': () => import('./routes/admin/referral-settings'),
  '/admin/architecture': () => import('./routes/admin/architecture'),
};
const notAvailable: ScreenModule = () => import('./routes/admin/not-available');

/** Spec part 1 §2: every admin path, lazily loaded; the redirects; unknown paths under /admin go to /admin. */
const adminRoutes: RouteObject[] = [
  { index: true, ...lazyScreen(() => import('./routes/admin/dashboard')) },
  ...ADMIN_ROUTES.filter((route) => route.path !== paths.admin).map((route) => ({
    path: route.path.slice(`${paths.admin}/`.length),
    ...lazyScreen(ADMIN_SCREENS[route.path] ?? notAvailable),
  })),
  ...Object.entries(ADMIN_REDIRECTS).map(([from, to]) => ({ path: from.slice(`${paths.admin}/`.length), element: <Navigate to={to} replace /> })),
  { path: '*', element: <Navigate to={paths.admin} replace /> },
];

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: () => <FullPageSpinner />,
    children: [
      { path: paths.home, ...lazyScreen(() => import('./routes/landing')) },
      { path: paths.pricing, ...lazyScreen(() => import('./routes/pricing')) },
      { path: paths.sandboxPortal, ...lazyScreen(() => import('./routes/checkout/sandbox-portal')) },
      { path: paths.sandboxCheckout, ...lazyScreen(() => import('./routes/checkout/sandbox-checkout')) },
      {
        Component: AuthLayout,
        children: [
          { path: paths.auth, ...lazyScreen(() => import('./routes/auth/auth')) },
          { path: paths.authCallback, ...lazyScreen(() => import('./routes/auth/callback')) },
          { path: paths.forgotPassword, ...lazyScreen(() => import('./routes/auth/forgot-password')) },
          { path: paths.resetPassword, ...lazyScreen(() => import('./routes/auth/reset-password')) },
          { path: paths.invite, ...lazyScreen(() => import('./routes/invite')) },
        ],
      },
      {
        path: paths.dashboard,
        ...lazyScreen(() => import('./layouts/dashboard-layout')),
        children: [
          { index: true, ...lazyScreen(() => import('./routes/dashboard/home')) },
          { path: paths.chatbots, ...lazyScreen(() => import('./routes/dashboard/chatbots')) },
          { path: paths.newChatbot, ...lazyScreen(() => import('./routes/dashboard/new-chatbot')) },
          { path: paths.chatbot, ...lazyScreen(() => import('./routes/dashboard/chatbot')) },
          { path: paths.inbox, ...lazyScreen(() => import('./routes/dashboard/inbox')) },
          { path: paths.team, ...lazyScreen(() => import('./routes/dashboard/team')) },
          { path: paths.apiKeys, ...lazyScreen(() => import('./routes/dashboard/api-keys')) },
          { path: paths.webhooks, ...lazyScreen(() => import('./routes/dashboard/webhooks')) },
          { path: paths.settings, ...lazyScreen(() => import('./routes/dashboard/settings')) },
          { path: paths.billing, ...lazyScreen(() => import('./routes/dashboard/billing')) },
          { path: paths.subscription, ...lazyScreen(() => import('./routes/dashboard/subscription')) },
          { path: paths.referrals, ...lazyScreen(() => import('./routes/dashboard/referrals')) },
        ],
      },
      {
        ...lazyScreen(() => import('./layouts/admin-layout')),
        children: [
          { path: paths.admin, children: adminRoutes },
          { path: paths.launchMaterials, ...lazyScreen(() => import('./routes/launch-materials')) },
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
