import { useLocation } from 'react-router';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import type { BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
import { useFollow } from '../navigation/use-follow';
import { pageAt } from '../pages';

export function breadcrumbsFor(pathname: string): BreadcrumbGroupProps.Item[] {
  const page = pageAt(pathname);
  const crumbs: BreadcrumbGroupProps.Item[] = [{ text: 'Home', href: '/dashboard' }];
  if (!page || page.path === '/dashboard') return crumbs;
  if (page.section) crumbs.push({ text: page.section, href: page.path });
  crumbs.push({ text: page.title, href: page.path });
  return crumbs;
}

export function ShellBreadcrumbs() {
  const { pathname } = useLocation();
  const follow = useFollow();
  return (
    <BreadcrumbGroup
      items={breadcrumbsFor(pathname)}
      onFollow={follow}
      ariaLabel="Breadcrumbs"
      expandAriaLabel="Show path"
    />
  );
}
