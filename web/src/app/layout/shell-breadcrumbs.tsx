import { useLocation } from 'react-router';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import type { BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
import { useFollow } from '../navigation/use-follow';
import { pageAt } from '../pages';

export function breadcrumbsFor(pathname: string): BreadcrumbGroupProps.Item[] {
  const page = pageAt(pathname);
  const crumbs: BreadcrumbGroupProps.Item[] = [{ text: 'Home', href: '/dashboard' }];
  if (!page || page.path === '/dashboard') return crumbs;
  // A record's page sits under the list it is opened from.
  const parent = page.parent ? pageAt(page.parent) : undefined;
  if (page.section) crumbs.push({ text: page.section, href: parent?.path ?? pathname });
  if (parent) crumbs.push({ text: parent.title, href: parent.path });
  crumbs.push({ text: page.title, href: pathname });
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
