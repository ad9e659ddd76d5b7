import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../session/use-session';

/** Routes below need a session; kept out of the shell chunk so signed-out visitors load nothing more. */
export function RequireAuth() {
  return useSession() ? <Outlet /> : <Navigate to="/login" replace />;
}

/** The sign-in page is for signed-out visitors; a signed-in user goes to the dashboard. */
export function GuestOnly() {
  return useSession() ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
