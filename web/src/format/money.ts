const NAIRA = '\u20A6';

const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * The one way an amount in naira is shown: '₦1,234.50', and '₦0' for zero (spec section 9).
 * The API sends naira as numbers or numeric strings; a missing amount is shown as zero because the
 * server omits totals that have nothing in them.
 */
export function formatNaira(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  if (!Number.isFinite(value)) return '\u2014';
  const text = twoDecimals.format(Math.abs(value));
  // Anything that rounds to 0.00 is zero for the reader, so it gets the zero form.
  if (text === '0.00') return `${NAIRA}0`;
  return value < 0 ? `-${NAIRA}${text}` : `${NAIRA}${text}`;
}
