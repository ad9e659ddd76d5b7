import { ErrorPage } from './error-page';

const MESSAGE = 'We are sorry but our service is currently not available…';

export function NotFoundPage() {
  return <ErrorPage code="404" message={MESSAGE} />;
}

/**
 * A signed-in user on a path with no page (a menu item whose screen is not built yet) keeps the
 * shell around the 404 text, so the menu and any toast stay in reach.
 */
export function NotFoundInShell() {
  return <ErrorPage code="404" message={MESSAGE} embedded />;
}
