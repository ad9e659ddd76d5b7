import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { onSessionExpired } from '../api/client';
import { BootScreen } from './layout/boot-screen';
import { GuestOnly, RequireAuth } from './layout/require-auth';
import { RouteError } from './layout/route-error';

// Every page is its own chunk, so the first screen loads only what it shows.
export const router = createBrowserRouter([
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
        ],
      },
      // The forgot-password page comes with its own issue; until then the link ends on the 404 page.
      { path: 'forgotpassword', element: <Navigate to="/notfound" replace /> },
      { path: 'notfound', lazy: () => import('../pages/errors/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
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
              { path: 'dashboard', lazy: () => import('../pages/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })) },
              { path: '*', element: <Navigate to="/notfound" replace /> },
            ],
          },
        ],
      },
    ],
  },
]);

onSessionExpired(() => void router.navigate('/login', { replace: true }));
