import type { LazyRouteFunction, RouteObject } from 'react-router';
import { Navigate, Outlet } from 'react-router';
import type { PageDef } from './pages';
import { PAGES } from './pages';
import { BootScreen } from './layout/boot-screen';
import { GuestOnly, RequireAuth } from './layout/require-auth';
import { RouteError } from './layout/route-error';

/** A page that reads one cooperative's books, behind the choice of cooperative a super-admin makes first. */
function pageRoute(page: PageDef): LazyRouteFunction<RouteObject> {
  if (!page.needsCooperative) return page.load;
  return async () => {
    const [{ CooperativeGate }, route] = await Promise.all([import('./layout/cooperative-gate'), page.load()]);
    const Page = route.Component;
    if (!Page) return route;
    return {
      ...route,
      Component: () => (
        <CooperativeGate title={page.title}>
          <Page />
        </CooperativeGate>
      ),
    };
  };
}

/** Every route of the app: the pages outside the shell, and PAGES inside it; each page its own chunk. */
export const APP_ROUTES: RouteObject[] = [
  {
    element: <Outlet />,
    HydrateFallback: BootScreen,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', lazy: () => import('../pages/login/login-page').then((m) => ({ Component: m.LoginPage })) },
          {
            path: 'forgotpassword',
            lazy: () =>
              import('../pages/forgot-password/forgot-password-page').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
        ],
      },
      // The public membership form of a registration link: no sign-in, outside the shell.
      {
        path: 'register',
        lazy: () => import('../pages/register/register-page').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: 'notfound',
        lazy: () => import('../pages/errors/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
      {
        path: 'internalserver',
        lazy: () => import('../pages/errors/internal-server-page').then((m) => ({ Component: m.InternalServerPage })),
      },
      {
        // Spec: any other path goes to the authenticated shell, which sends signed-out users to /login.
        element: <RequireAuth />,
        children: [
          {
            lazy: () => import('./layout/app-shell').then((m) => ({ Component: m.AppShell })),
            children: [
              ...PAGES.map((page) => ({ path: page.path.slice(1), lazy: pageRoute(page) })),
              {
                path: '*',
                lazy: () => import('../pages/errors/not-found-page').then((m) => ({ Component: m.NotFoundInShell })),
              },
            ],
          },
        ],
      },
    ],
  },
];
