import { describe, expect, it } from 'vitest';
import { ACTIVE_STATUS } from '@coopledger/shared/statuses';
import { categoryChoices, categoryText, priceText, productFilters, quantityText } from './product-format';

describe('the products list cells', () => {
  it('shows prices in naira to the kobo, and a dash rather than ₦0 for a buying price not shown', () => {
    expect(priceText(45000.5)).toBe('₦45,000.50');
    expect(priceText('52000')).toBe('₦52,000.00');
    expect(priceText(0)).toBe('₦0');
    expect(priceText(null)).toBe('—');
  });

  it('separates the thousands of a quantity', () => {
    expect(quantityText(0)).toBe('0');
    expect(quantityText(25)).toBe('25');
    expect(quantityText(1_000_000)).toBe('1,000,000');
  });

  it("names the product's category, or a dash when the category was deleted", () => {
    expect(categoryText({ category: { id: 'c1', name: 'Groceries' } })).toBe('Groceries');
    expect(categoryText({ category: null })).toBe('—');
  });
});

describe('the category choices', () => {
  it('offers the active categories and shows the inactive ones without offering them', () => {
    expect(
      categoryChoices([
        { id: 'c1', name: 'Groceries', status: ACTIVE_STATUS.ACTIVE },
        { id: 'c2', name: 'Phones', status: ACTIVE_STATUS.INACTIVE },
      ]),
    ).toEqual([
      { value: 'c1', label: 'Groceries' },
      { value: 'c2', label: 'Phones (inactive)', disabled: true },
    ]);
  });

  it('offers the inactive categories too in the filter of the list', () => {
    expect(
      categoryChoices([{ id: 'c2', name: 'Phones', status: ACTIVE_STATUS.INACTIVE }], { offerInactive: true }),
    ).toEqual([{ value: 'c2', label: 'Phones (inactive)', disabled: false }]);
  });
});

describe('the list filters', () => {
  it('sends a category and a status only when chosen, and keeps the Inactive status 0', () => {
    expect(productFilters(null, null)).toEqual({});
    expect(productFilters('c1', null)).toEqual({ category_id: 'c1' });
    expect(productFilters(null, String(ACTIVE_STATUS.INACTIVE))).toEqual({ status: '0' });
    expect(productFilters('c1', String(ACTIVE_STATUS.ACTIVE))).toEqual({ category_id: 'c1', status: '1' });
  });
});
