import { describe, expect, it } from 'vitest';
import { breadcrumbsFor } from './layout/shell-breadcrumbs';
import { pageAt } from './pages';

describe('the page at a location', () => {
  it('finds a page by its path, and a record page by its id segment', () => {
    expect(pageAt('/dividend-calculator/saved')?.title).toBe('Saved dividends');
    expect(pageAt('/dividend-calculator/compute')?.title).toBe('Compute dividend');
    expect(pageAt('/dividend-calculator/saved/01JD4ZQ')?.title).toBe('Saved dividend');
    expect(pageAt('/dividend-calculator/saved/01JD4ZQ/more')).toBeUndefined();
    expect(pageAt('/dividend-calculator/nothing')).toBeUndefined();
  });

  it('puts a record page under its list in the breadcrumbs', () => {
    expect(breadcrumbsFor('/dividend-calculator/saved/01JD4ZQ')).toEqual([
      { text: 'Home', href: '/dashboard' },
      { text: 'Dividend calculator', href: '/dividend-calculator/saved' },
      { text: 'Saved dividends', href: '/dividend-calculator/saved' },
      { text: 'Saved dividend', href: '/dividend-calculator/saved/01JD4ZQ' },
    ]);
    expect(breadcrumbsFor('/dividend-calculator/compute')).toEqual([
      { text: 'Home', href: '/dashboard' },
      { text: 'Dividend calculator', href: '/dividend-calculator/compute' },
      { text: 'Compute dividend', href: '/dividend-calculator/compute' },
    ]);
  });

  it("puts a store order's page under the orders in the breadcrumbs", () => {
    expect(pageAt('/e-shop/orders')?.title).toBe('Orders');
    expect(breadcrumbsFor('/e-shop/orders/01JD4ZQ')).toEqual([
      { text: 'Home', href: '/dashboard' },
      { text: 'E-shop', href: '/e-shop/orders' },
      { text: 'Orders', href: '/e-shop/orders' },
      { text: 'Order', href: '/e-shop/orders/01JD4ZQ' },
    ]);
    expect(breadcrumbsFor('/e-shop/stock').map((crumb) => crumb.text)).toEqual(['Home', 'E-shop', 'Stock']);
    expect(pageAt('/e-shop/damages')?.title).toBe('Damages');
  });
});
