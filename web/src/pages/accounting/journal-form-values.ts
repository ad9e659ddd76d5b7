import { parseNaira, toNaira } from '@coopledger/shared/money';
import type { JournalEntryBody, JournalEntryView } from '../../api/accounting';

/**
 * The journal form as typed: amounts stay the naira text of the inputs until they are sent, so that
 * an edit shows what the reader wrote and the shared schema judges the same text the API will.
 */
export interface JournalLineValues {
  gl_code: string;
  description: string;
  debit: string;
  credit: string;
}

export interface JournalFormValues {
  date: string;
  description: string;
  lines: JournalLineValues[];
}

/** A journal form starts with two blank lines (spec 001 section 2). */
export const FIRST_REMOVABLE_LINE = 2;

export const blankLine = (): JournalLineValues => ({ gl_code: '', description: '', debit: '', credit: '' });

export const emptyJournal = (today: string): JournalFormValues => ({
  date: today,
  description: '',
  lines: [blankLine(), blankLine()],
});

const amountText = (naira: number) => (naira ? String(naira) : '');

/** The form of an existing entry: its own date and description, and one row per line. */
export function journalValuesOf(entry: JournalEntryView): JournalFormValues {
  return {
    date: entry.date,
    description: entry.description,
    lines: entry.lines.map((line) => ({
      gl_code: line.gl_code,
      description: line.description,
      debit: amountText(line.debit),
      credit: amountText(line.credit),
    })),
  };
}

/** Kobo of an amount box; blank or not yet a valid amount counts as nothing. */
const koboOf = (text: string) => (text.trim() === '' ? 0 : (parseNaira(text) ?? 0));

/** Naira of a validated amount box, for the wire (blank is 0). */
const nairaOf = (text: string) => toNaira(koboOf(text));

export function journalBody(values: JournalFormValues): JournalEntryBody {
  return {
    date: values.date,
    description: values.description.trim(),
    lines: values.lines.map((line) => ({
      gl_code: line.gl_code,
      description: line.description.trim() || undefined,
      debit: nairaOf(line.debit),
      credit: nairaOf(line.credit),
    })),
  };
}

export interface JournalTotals {
  /** Kobo. */
  debit: number;
  credit: number;
  balanced: boolean;
}

/** The running totals under the lines, in kobo so that 0.1 + 0.2 adds up. */
export function journalTotals(lines: readonly Partial<JournalLineValues>[]): JournalTotals {
  const debit = lines.reduce((sum, line) => sum + koboOf(line.debit ?? ''), 0);
  const credit = lines.reduce((sum, line) => sum + koboOf(line.credit ?? ''), 0);
  return { debit, credit, balanced: debit === credit };
}

export type JournalFieldPath = 'date' | 'description' | 'lines' | `lines.${number}.${keyof JournalLineValues}`;

const LINE_FIELDS: readonly string[] = ['gl_code', 'description', 'debit', 'credit'];

/**
 * Where a field the server names ('lines.1.gl_code', 'lines[1].debit', 'lines') sits in the form;
 * null for a field the form does not show.
 */
export function journalFieldPath(serverField: string, lineCount: number): JournalFieldPath | null {
  const field = serverField.replace(/\[(\d+)\]/g, '.$1');
  if (field === 'date' || field === 'description') return field;
  if (field === 'lines') return 'lines';
  const line = /^lines\.(\d+)\.(\w+)$/.exec(field);
  if (!line) return null;
  const index = Number(line[1]);
  const name = line[2] ?? '';
  if (index >= lineCount || !LINE_FIELDS.includes(name)) return null;
  return `lines.${index}.${name as keyof JournalLineValues}`;
}
