import type { FinancialYearRange } from '@coopledger/shared/financial-years';
import { koboOf, storedKobo } from '@coopledger/shared/money';
import type { Item, TransactItem } from '#core/db';
import { getItem, queryPartition, table, writeOne } from '#core/db';
import { conflict, notFound } from '#core/errors';
import type { Movements } from '#core/gl-balances';
import { keys } from '#core/keys';
import type { Side } from '#core/ledger';

/**
 * The stored side of year-end close (docs/data-model.md, "Financial years"): the year item of each
 * year ever closed, holding per account the closing journals' debits (`d_<code>`) and credits
 * (`c_<code>`) that are in the books, and the lock on the cooperative's profile (`closed_through`,
 * `closing_through`, `year_closes`), with the conditioned writes that move it. The items carry
 * attributes named by GL code, so they are read raw here rather than through a fixed schema.
 */

const DEBIT = 'd_';
const CREDIT = 'c_';

export interface YearItem extends Item {
  start: string;
  end: string;
  status: 'closed' | 'open';
  closes: number;
  journal_ids?: string[];
  net_profit?: number;
  closed_by?: string;
  closed_at?: string;
  reopened_by?: string;
  reopened_at?: string;
  reopen_reason?: string;
}

/** The closing lines' totals per account a year item holds. */
export function closingTotals(item: Item): Movements {
  const totals: Movements = new Map();
  for (const [attribute, value] of Object.entries(item)) {
    const side = attribute.startsWith(DEBIT) ? 'debit' : attribute.startsWith(CREDIT) ? 'credit' : undefined;
    if (!side) continue;
    const code = attribute.slice(2);
    const total = totals.get(code) ?? { debit: 0n, credit: 0n };
    total[side] += koboOf(value);
    totals.set(code, total);
  }
  return totals;
}

/** The year items of a cooperative (one per year ever closed: a few tens at most), by last day. */
export async function yearItems(cooperativeId: string): Promise<YearItem[]> {
  const { pk, skPrefix } = keys.financialYears(cooperativeId);
  return (await queryPartition<YearItem>(pk, skPrefix)).sort((a, b) => a.end.localeCompare(b.end));
}

/** The ADDs of a journal's lines (negated for a reversal) to the year item's closing totals. */
function closingAdds(lines: { glCode: string; side: Side; amount: number }[], sign: 1n | -1n) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds: string[] = [];
  const totals = new Map<string, bigint>();
  for (const line of lines) {
    if (!/^[A-Za-z0-9_]+$/.test(line.glCode)) throw new Error(`GL code ${line.glCode} cannot name an attribute`);
    const attribute = `${line.side === 'D' ? DEBIT : CREDIT}${line.glCode}`;
    totals.set(attribute, (totals.get(attribute) ?? 0n) + BigInt(line.amount) * sign);
  }
  [...totals].forEach(([attribute, amount], i) => {
    names[`#a${i}`] = attribute;
    values[`:a${i}`] = storedKobo(amount);
    adds.push(`#a${i} :a${i}`);
  });
  return { adds, names, values };
}

export function yearUpdate(
  cooperativeId: string,
  year: FinancialYearRange,
  lines: { glCode: string; side: Side; amount: number }[],
  sign: 1n | -1n,
  set: Record<string, unknown>,
  journal?: { id: string; first: boolean },
): TransactItem {
  const { adds, names, values } = closingAdds(lines, sign);
  const sets = Object.keys(set).map((name, i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = set[name];
    return `#s${i} = :s${i}`;
  });
  if (journal) {
    // The first part of a close starts the list of its journals; the other parts add to it.
    names['#ids'] = 'journal_ids';
    values[':id'] = [journal.id];
    sets.push(journal.first ? '#ids = :id' : '#ids = list_append(#ids, :id)');
  }
  names['#start'] = 'start';
  names['#end'] = 'end';
  values[':start'] = year.start;
  values[':end'] = year.end;
  values[':entity'] = 'FINANCIAL_YEAR';
  sets.push('#start = :start', '#end = :end', 'entity = :entity');
  return {
    Update: {
      TableName: table(),
      Key: keys.financialYear(cooperativeId, year.end),
      UpdateExpression: `SET ${sets.join(', ')}${adds.length > 0 ? ` ADD ${adds.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export const lockFailed = () =>
  conflict('The financial years were changed by someone else meanwhile; reload them and try again');

/** Step 1 of a close: the year's postings are refused from now on. Returns the close's number. */
export async function lockYear(
  cooperativeId: string,
  profile: { closed_through?: string },
  year: FinancialYearRange,
): Promise<number> {
  try {
    // The lock is the close's first write: the audit record (core/audit.ts) rides with it.
    const updated = await writeOne(
      {
        Update: {
          TableName: table(),
          Key: keys.cooperative(cooperativeId),
          UpdateExpression: 'SET closing_through = :end, year_closes = if_not_exists(year_closes, :zero) + :one',
          ConditionExpression: profile.closed_through
            ? 'attribute_not_exists(closing_through) AND closed_through = :prev'
            : 'attribute_exists(pk) AND attribute_not_exists(closing_through) AND attribute_not_exists(closed_through)',
          ExpressionAttributeValues: {
            ':end': year.end,
            ':zero': 0,
            ':one': 1,
            ...(profile.closed_through ? { ':prev': profile.closed_through } : {}),
          },
        },
      },
      true,
    );
    return Number(updated?.year_closes);
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw lockFailed();
    throw error;
  }
}

/** The year item of the year ending `end`, read consistently. */
export const getYearItem = (cooperativeId: string, end: string) =>
  getItem<YearItem>(keys.financialYear(cooperativeId, end), true);

/** The lines of a closing journal (to reverse it and take it off the year item's totals). */
export async function closingJournalLines(
  cooperativeId: string,
  journalId: string,
): Promise<{ glCode: string; side: Side; amount: number }[]> {
  const journal = await getItem<{ lines: { gl_code: string; dc: Side; amount: number }[] }>(
    keys.journal(cooperativeId, journalId),
    true,
  );
  if (!journal) throw notFound('Closing journal');
  return journal.lines.map((l) => ({ glCode: l.gl_code, side: l.dc, amount: l.amount }));
}

const underWay = (end: string, closes: number) => ({
  ConditionExpression: 'closing_through = :end AND year_closes = :closes',
  ExpressionAttributeValues: { ':end': end, ':closes': closes },
});

/** A part of close number `closes` lands only while that close is under way. */
export const closeUnderWay = (cooperativeId: string, end: string, closes: number): TransactItem => ({
  ConditionCheck: { TableName: table(), Key: keys.cooperative(cooperativeId), ...underWay(end, closes) },
});

/** The last part of a close: the year is closed through `end`, the close no longer under way. */
export const closeFinished = (cooperativeId: string, end: string, closes: number): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.cooperative(cooperativeId),
    UpdateExpression: 'SET closed_through = :end REMOVE closing_through',
    ...underWay(end, closes),
  },
});

const stillClosedCondition = 'closed_through = :end AND attribute_not_exists(closing_through)';

/** A part of a reopen lands only while the year is still the latest closed one. */
export const stillClosed = (cooperativeId: string, end: string): TransactItem => ({
  ConditionCheck: {
    TableName: table(),
    Key: keys.cooperative(cooperativeId),
    ConditionExpression: stillClosedCondition,
    ExpressionAttributeValues: { ':end': end },
  },
});

/** The last part of a reopen: closed through the year before (`previous`), or nothing closed. */
export const reopenFinished = (cooperativeId: string, end: string, previous: string | undefined): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.cooperative(cooperativeId),
    UpdateExpression: previous ? 'SET closed_through = :prev' : 'REMOVE closed_through',
    ConditionExpression: stillClosedCondition,
    ExpressionAttributeValues: { ':end': end, ...(previous ? { ':prev': previous } : {}) },
  },
});
