import { addDays, addYears } from './dates.ts';

/**
 * Straight-line depreciation of a fixed asset, one row per year of its useful life. The yearly
 * charge is the depreciable amount (cost - residual) divided by the life, rounded down to the kobo;
 * the last year takes the remainder, so the book value ends at the residual value exactly.
 */
export interface DepreciationRow {
  year: number;
  /** The year's first and last day, from the purchase date. */
  start_date: string;
  end_date: string;
  opening_value: number;
  depreciation: number;
  accumulated_depreciation: number;
  closing_value: number;
}

export interface DepreciationInput {
  cost: number;
  residual: number;
  /** Whole years. */
  usefulLife: number;
  /** YYYY-MM-DD. */
  datePurchased: string;
}

export function straightLineSchedule(input: DepreciationInput): DepreciationRow[] {
  const { cost, residual, usefulLife, datePurchased } = input;
  if (!Number.isSafeInteger(cost) || !Number.isSafeInteger(residual) || cost < 0 || residual < 0) {
    throw new RangeError('Cost and residual value must be whole kobo, not negative');
  }
  if (residual > cost) throw new RangeError('The residual value must not exceed the cost');
  if (!Number.isInteger(usefulLife) || usefulLife < 1)
    throw new RangeError('The useful life must be a whole number of years, at least 1');

  const depreciable = cost - residual;
  const yearly = Math.floor(depreciable / usefulLife);
  const rows: DepreciationRow[] = [];
  let accumulated = 0;
  for (let year = 1; year <= usefulLife; year++) {
    const opening = cost - accumulated;
    const depreciation = year === usefulLife ? depreciable - accumulated : yearly;
    accumulated += depreciation;
    rows.push({
      year,
      start_date: addYears(datePurchased, year - 1),
      end_date: addDays(addYears(datePurchased, year), -1),
      opening_value: opening,
      depreciation,
      accumulated_depreciation: accumulated,
      closing_value: cost - accumulated,
    });
  }
  return rows;
}
