import { ErrorPage } from './error-page';

export function NotFoundPage() {
  return <ErrorPage code="404" message="We are sorry but our service is currently not available…" />;
}
