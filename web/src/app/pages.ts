import type { LazyRouteFunction, RouteObject } from 'react-router';

/**
 * The pages that exist, in one table: the router registers each one, and the breadcrumbs and the
 * document title read their titles. A menu item whose page is not here yet ends on the 404 page.
 */
export interface PageDef {
  path: string;
  title: string;
  /** The breadcrumb between Home and the page, if any. */
  section?: string;
  load: LazyRouteFunction<RouteObject>;
}

export const PAGES: readonly PageDef[] = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    load: () => import('../pages/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: '/profile',
    title: 'Profile',
    load: () => import('../pages/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    path: '/setup/cooperatives',
    title: 'Manage Cooperatives',
    section: 'Setup',
    load: () => import('../pages/cooperatives/cooperatives-page').then((m) => ({ Component: m.CooperativesPage })),
  },
];

export function pageAt(pathname: string): PageDef | undefined {
  return PAGES.find((page) => page.path === pathname);
}
