import { ErrorPage } from './error-page';

export function InternalServerPage() {
  return <ErrorPage code="500" message="We are sorry but your request contains bad syntax and cannot be fulfilled…" />;
}
