import { Navigate, useLocation, useRouteError } from 'react-router';

/** An error thrown while rendering or loading a route ends on the 500 page. */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  console.error(error);
  // The 500 page itself failed (its chunk could not load): plain text, no loop.
  if (pathname === '/internalserver') {
    return <p role="alert">We are sorry but your request contains bad syntax and cannot be fulfilled…</p>;
  }
  return <Navigate to="/internalserver" replace />;
}
