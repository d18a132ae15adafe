import { ADMIN_ROUTES, ADMIN_SIDEBAR } from '@parley/shared/admin-routes';

/** "Activity logs" → "Activity Logs": route names are sentence case, the breadcrumb shows them as titles. */
function titleCase(text: string): string {
  return text.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/**
 * The section name in the breadcrumb "Main App > Admin > {section}": the sidebar's label for the exact path, else the
 * route table's screen name, else the closest sidebar entry above it.
 */
export function adminSectionName(pathname: string): string {
  const clean = pathname.replace(/\/+$/, '') || '/';
  const entry = ADMIN_SIDEBAR.find((candidate) => candidate.path === clean);
  if (entry) return entry.label;
  const route = ADMIN_ROUTES.find((candidate) => candidate.path === clean);
  if (route) return titleCase(route.screen);
  const parent = ADMIN_SIDEBAR.filter((candidate) => candidate.path !== '/admin' && clean.startsWith(`${candidate.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
  return parent?.label ?? 'Dashboard';
}
