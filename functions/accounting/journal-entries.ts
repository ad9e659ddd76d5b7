import { approvalsNeeded } from '@coopledger/shared/approval-rules';
import type { Kobo } from '@coopledger/shared/money';
import { formatNaira, kobo, toNaira } from '@coopledger/shared/money';
import type { JournalEntryView } from '@coopledger/shared/accounting-views';
import type { JournalEntryInput } from '@coopledger/shared/schemas/accounting';
import { approvalRulesOf } from '#core/cooperative-rules';
import { nextSequence } from '#core/counters';
import { nowIso, transactWrite } from '#core/db';
import { approvalStep } from '#core/four-eyes';
import { AppError, conflict, invalid, notFound } from '#core/errors';
import { newId } from '#core/ids';
import type { Effect, PostingLine } from '#core/ledger';
import { post, reverse } from '#core/ledger';
import type { ChartTree } from '../reports/chart-tree.ts';
import { GL_ACCOUNT_STATUS, JOURNAL_ENTRY_STATUS } from '@coopledger/shared/statuses';
import type { JournalEntryLine, JournalEntryRecord } from './journal-entry-entity.ts';
import {
  approveEffect,
  createEffect,
  deleteEffect,
  denyEffect,
  finishDelete,
  firstApprovalEffect,
  getJournalEntry,
  markPendingEffect,
  replaceEffect,
} from './journal-entry-entity.ts';

/**
 * Manual journal entries. Each entry has a transaction code (JV000001...) shared by its lines and
 * is posted through the ledger like every other movement of money. History is never rewritten:
 * an edit reverses the entry's current posting and posts the new lines, a delete reverses it. The
 * reversal is dated on the entry's date, so the period the entry belonged to shows the corrected
 * figures, and the ledger statement keeps all three postings.
 *
 * The entry record carries a `version`. An edit runs in two ledger transactions, each idempotent:
 *  1. the reversal of version v (key `je-<code>-v<v>-reversal`), which marks `pending_version`;
 *  2. the posting of version v+1 (key `je-<code>-v<v+1>`), which replaces the lines under the
 *     condition that the record is still at version v.
 * If the second step fails, repeating the edit finds the reversal already posted and completes it.
 * The entry's record and the builders of its versions are in journal-entry-entity.ts.
 *
 * Four-eyes (docs/decisions.md "Four-eyes approvals"): an entry of more than the cooperative's
 * two-approval threshold is stored awaiting approval and posts nothing until a second approval
 * (core/four-eyes.ts: its creator cannot give one while that rule is on, nor one person both). It is
 * then posted under the same key as an entry posted when entered (`je-<code>-v1`), so it posts once.
 * An edit may not take a posted entry above the threshold, which would pass it by.
 */

/**
 * Refuses what the ledger would refuse, before a transaction code is taken. The date has been
 * checked by the schema's posting-date field (the ledger checks it again whatever the caller).
 */
function checkEntry(tree: ChartTree, input: JournalEntryInput): void {
  input.lines.forEach((line, index) => {
    const account = tree.accounts.get(line.gl_code);
    if (!account) throw invalid(`lines.${index}.gl_code`, `GL account ${line.gl_code} does not exist`);
    if (account.status !== GL_ACCOUNT_STATUS.ACTIVE)
      throw invalid(`lines.${index}.gl_code`, `GL account ${line.gl_code} (${account.name}) is inactive`);
  });
}

const postingLines = (lines: readonly JournalEntryLine[], description: string): PostingLine[] =>
  lines.map((line) => ({
    glCode: line.gl_code,
    side: line.debit > 0 ? 'D' : 'C',
    amount: kobo(line.debit > 0 ? line.debit : line.credit),
    description: line.description ?? description,
  }));

const storedLines = (input: JournalEntryInput): JournalEntryLine[] =>
  input.lines.map((l) => ({ gl_code: l.gl_code, description: l.description, debit: l.debit, credit: l.credit }));

/** An entry's debits (equal to its credits): what the two-approval threshold weighs. */
const entryTotal = (lines: readonly { debit: number }[]): Kobo => kobo(lines.reduce((sum, l) => sum + l.debit, 0));

export function presentEntry(entry: JournalEntryRecord, tree: ChartTree): JournalEntryView {
  return {
    transaction_code: entry.transaction_code,
    date: entry.date,
    description: entry.description,
    status: entry.status,
    version: entry.version,
    total: toNaira(entryTotal(entry.lines)),
    created_by: entry.created_by,
    first_approval: entry.first_approval ?? null,
    approved_by: entry.approved_by ?? null,
    denied_by: entry.denied_by ?? null,
    denial_reason: entry.denial_reason ?? null,
    lines: entry.lines.map((line, index) => ({
      id: `${entry.transaction_code}-${index + 1}`,
      transaction_code: entry.transaction_code,
      date: entry.date,
      description: line.description ?? entry.description,
      gl_code: line.gl_code,
      gl_name: tree.accounts.get(line.gl_code)?.name ?? '',
      debit: toNaira(line.debit),
      credit: toNaira(line.credit),
      created_by: entry.created_by,
      created_at: entry.created_at,
    })),
  };
}

/** An entry of any status but deleted: one to show. */
export async function entryToShow(tenant: string, code: string): Promise<JournalEntryRecord> {
  const entry = await getJournalEntry(tenant, code.trim().toUpperCase());
  if (!entry) throw notFound('Journal entry');
  if (entry.status === JOURNAL_ENTRY_STATUS.DELETED)
    throw conflict(`Journal entry ${entry.transaction_code} was deleted`);
  return entry;
}

/** A posted entry: one to edit or delete. */
export async function findEntry(tenant: string, code: string): Promise<JournalEntryRecord> {
  const entry = await entryToShow(tenant, code);
  if (entry.status === JOURNAL_ENTRY_STATUS.AWAITING_APPROVAL)
    throw conflict(`Journal entry ${entry.transaction_code} awaits approval: approve or deny it first`);
  if (entry.status === JOURNAL_ENTRY_STATUS.DENIED)
    throw conflict(`Journal entry ${entry.transaction_code} was denied and posted nothing`);
  return entry;
}

export async function createEntry(
  tenant: string,
  tree: ChartTree,
  input: JournalEntryInput,
  by: string,
): Promise<JournalEntryRecord> {
  checkEntry(tree, input);
  const lines = storedLines(input);
  const awaits = approvalsNeeded(await approvalRulesOf(tenant), entryTotal(lines)) === 2;
  const code = `JV${String(await nextSequence(tenant, 'journal-entry')).padStart(6, '0')}`;
  const now = nowIso();
  const record: JournalEntryRecord = {
    transaction_code: code,
    date: input.date,
    description: input.description,
    lines,
    journal_id: newId(),
    version: 1,
    status: awaits ? JOURNAL_ENTRY_STATUS.AWAITING_APPROVAL : JOURNAL_ENTRY_STATUS.POSTED,
    created_by: by,
    created_at: now,
    updated_at: now,
  };
  if (awaits) {
    await transactWrite([createEffect(tenant, record).item]);
    return record;
  }
  await postEntry(tenant, record, by, []);
  return record;
}

/** Posts an entry's first version (key `je-<code>-v1`) with its effects; whether it was posted before. */
async function postEntry(tenant: string, record: JournalEntryRecord, by: string, effects: Effect[]) {
  const result = await post({
    cooperativeId: tenant,
    journalId: record.journal_id,
    idempotencyKey: `je-${record.transaction_code}-v1`,
    date: record.date,
    description: record.description,
    source: { type: 'JOURNAL_ENTRY', id: record.transaction_code },
    reference: record.transaction_code,
    lines: postingLines(record.lines, record.description),
    effects: effects.length > 0 ? effects : [createEffect(tenant, record)],
    createdBy: by,
  });
  return result.duplicate;
}

/**
 * Approves an entry awaiting approval: the first of two approvals is recorded and posts nothing; the
 * approval that completes them posts the entry. A 409 when it was approved or denied meanwhile.
 */
export async function approveEntry(
  tenant: string,
  code: string,
  by: string,
): Promise<{ entry: JournalEntryRecord; posted: boolean }> {
  const [entry, rules] = await Promise.all([entryToShow(tenant, code), approvalRulesOf(tenant)]);
  if (entry.status !== JOURNAL_ENTRY_STATUS.AWAITING_APPROVAL)
    throw conflict(`Journal entry ${entry.transaction_code} does not await approval`);
  const now = nowIso();
  if (approvalStep(rules, { ...entry, amount: entryTotal(entry.lines) }, by) === 'first') {
    const mark = { by, at: now };
    await transactWrite([firstApprovalEffect(tenant, entry, mark).item]);
    return { entry: { ...entry, first_approval: mark }, posted: false };
  }
  if (await postEntry(tenant, entry, by, [approveEffect(tenant, entry, by, now)]))
    throw conflict(`Journal entry ${entry.transaction_code} was approved meanwhile`);
  return {
    entry: { ...entry, status: JOURNAL_ENTRY_STATUS.POSTED, approved_by: by, approved_at: now },
    posted: true,
  };
}

/** Denies an entry awaiting approval, with a reason: it posts nothing, ever. */
export async function denyEntry(tenant: string, code: string, by: string, reason: string) {
  const entry = await entryToShow(tenant, code);
  if (entry.status !== JOURNAL_ENTRY_STATUS.AWAITING_APPROVAL)
    throw conflict(`Journal entry ${entry.transaction_code} does not await approval`);
  const now = nowIso();
  await transactWrite([denyEffect(tenant, entry, by, now, reason).item]);
  return { ...entry, status: JOURNAL_ENTRY_STATUS.DENIED, denied_by: by, denied_at: now, denial_reason: reason };
}

/** An edit may not take an entry above the two-approval threshold: that needs a new entry, approved. */
async function assertWithinOneApproval(tenant: string, lines: readonly JournalEntryLine[]) {
  const rules = await approvalRulesOf(tenant);
  if (rules.second_approval_above !== null && approvalsNeeded(rules, entryTotal(lines)) === 2)
    throw invalid(
      'lines',
      `Entries of more than ${formatNaira(rules.second_approval_above)} need two approvals: ` +
        'delete this entry and enter the new one, to be approved',
    );
}

function reversalOf(tenant: string, entry: JournalEntryRecord, by: string, effects: Effect[]) {
  if (!entry.journal_id)
    throw new AppError('CONFLICT', `Journal entry ${entry.transaction_code} is still being posted; try again`);
  return reverse({
    cooperativeId: tenant,
    journalId: entry.journal_id,
    idempotencyKey: `je-${entry.transaction_code}-v${entry.version}-reversal`,
    date: entry.date,
    description: `Reversal of ${entry.transaction_code}: ${entry.description}`,
    reference: entry.transaction_code,
    effects,
    createdBy: by,
  });
}

/** Whether an entry already says what the input says (same date, description and lines). */
function sameEntry(entry: JournalEntryRecord, input: JournalEntryInput): boolean {
  const shape = (lines: JournalEntryLine[]) =>
    JSON.stringify(lines.map((l) => [l.gl_code, l.description ?? '', Number(l.debit), Number(l.credit)]));
  return (
    entry.date === input.date &&
    entry.description === input.description &&
    shape(entry.lines) === shape(storedLines(input))
  );
}

const changedMeanwhile = (entry: JournalEntryRecord) =>
  conflict(
    `Journal entry ${entry.transaction_code} was changed by someone else at the same time; reload it and try again`,
  );

export async function updateEntry(
  tenant: string,
  tree: ChartTree,
  code: string,
  input: JournalEntryInput & { version?: number },
  by: string,
): Promise<{ entry: JournalEntryRecord; changed: boolean }> {
  const entry = await findEntry(tenant, code);
  checkEntry(tree, input);
  // Saving an entry unchanged (or sending the same edit again) posts nothing.
  if (entry.pending_version === undefined && sameEntry(entry, input)) return { entry, changed: false };
  // The editor loaded an older version: someone else's edit landed in between.
  if (input.version && input.version !== entry.version) throw changedMeanwhile(entry);
  await assertWithinOneApproval(tenant, storedLines(input));
  const next = entry.version + 1;
  await reversalOf(tenant, entry, by, [markPendingEffect(tenant, entry, next)]);
  const journalId = newId();
  const changes = {
    version: next,
    date: input.date,
    description: input.description,
    lines: storedLines(input),
    journal_id: journalId,
    updated_at: nowIso(),
    updated_by: by,
  };
  const result = await post({
    cooperativeId: tenant,
    journalId,
    idempotencyKey: `je-${entry.transaction_code}-v${next}`,
    date: input.date,
    description: input.description,
    source: { type: 'JOURNAL_ENTRY', id: entry.transaction_code },
    reference: entry.transaction_code,
    lines: postingLines(changes.lines, input.description),
    effects: [replaceEffect(tenant, entry, changes)],
    createdBy: by,
  });
  if (result.duplicate) {
    // Version v+1 was already posted: by this same edit sent twice (fine), or by someone else's
    // edit at the same moment, whose lines are the ones in the books now.
    const current = await findEntry(tenant, entry.transaction_code);
    if (!sameEntry(current, input)) throw changedMeanwhile(entry);
    return { entry: current, changed: false };
  }
  return { entry: { ...entry, ...changes }, changed: true };
}

export async function deleteEntry(tenant: string, code: string, by: string): Promise<JournalEntryRecord> {
  const entry = await findEntry(tenant, code);
  const now = nowIso();
  const result = await reversalOf(tenant, entry, by, [deleteEffect(tenant, entry, by, now)]);
  // An edit reversed this version and stopped before posting its new lines: finish as a delete.
  if (result.duplicate) await finishDelete(tenant, entry, by, now);
  return { ...entry, status: JOURNAL_ENTRY_STATUS.DELETED };
}
