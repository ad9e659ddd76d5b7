import { addMonths, lastDayOfMonth } from './dates.ts';

/** One monthly installment of a store order paid by payroll deduction (kobo). */
export interface StoreInstallment {
  /** The last day of the month whose payroll deducts it. */
  date: string;
  amount: number;
}

/**
 * How an order paid by payroll deduction is recovered (docs/decisions.md "Store payroll deduction"):
 * its total in `months` monthly installments, one in each month's payroll from the month after
 * delivery, due on that month's last day. The kobo that do not divide evenly go one each to the first
 * installments, so they differ by at most one kobo and add up to the total.
 */
export function storeInstallments(total: number, months: number, deliveredOn: string): StoreInstallment[] {
  if (!Number.isSafeInteger(total) || total <= 0) throw new Error(`Total ${total} must be whole kobo above 0`);
  if (!Number.isInteger(months) || months < 1) throw new Error(`Months ${months} must be a whole number from 1`);
  const base = Math.floor(total / months);
  const extra = total - base * months;
  const firstOfMonth = `${deliveredOn.slice(0, 7)}-01`;
  return Array.from({ length: months }, (_, i) => ({
    date: lastDayOfMonth(addMonths(firstOfMonth, i + 1)),
    amount: base + (i < extra ? 1 : 0),
  }));
}
