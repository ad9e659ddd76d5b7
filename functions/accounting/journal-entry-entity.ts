import type { FormattedItem, InputItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import type { UpdateItemInput } from 'dynamodb-toolbox/entity/actions/update';
import { $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { JOURNAL_ENTRY_STATUS } from '@coopledger/shared/statuses';
import { dateRange, effect, entityDefaults, getEntity, writeItem, entitiesIn } from '#core/entity';
import type { PageRequest } from '#core/list-page';
import { entityPage, openEnded } from '#core/list-page';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';

/**
 * A manual journal entry (accounting/journal-entries.ts): its key, its stored record, its statuses
 * (JOURNAL_ENTRY_STATUS), its list by date and the builders of its versions. docs/data-model.md,
 * "Manual journal entry". The item does not store its cooperative, so its key inputs are the
 * table's own `pk` and `sk` (from keys.journalEntry).
 */
export const JournalEntryEntity = new Entity({
  ...entityDefaults,
  name: 'JOURNAL_ENTRY',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    transaction_code: string(),
    date: string(),
    description: string(),
    /** Kobo; one of debit and credit is 0. */
    lines: list(map({ gl_code: string(), description: string().optional(), debit: number(), credit: number() })),
    /** The journal of the current version. */
    journal_id: string(),
    version: number(),
    /** Set while an edit has reversed `version` and not yet posted the next. */
    pending_version: number().optional(),
    status: number().enum(
      JOURNAL_ENTRY_STATUS.DELETED,
      JOURNAL_ENTRY_STATUS.POSTED,
      JOURNAL_ENTRY_STATUS.AWAITING_APPROVAL,
      JOURNAL_ENTRY_STATUS.DENIED,
    ),
    created_by: string(),
    /** Above the two-approval threshold (core/four-eyes.ts): the first approval, while the second is awaited. */
    first_approval: map({ by: string(), at: string() }).optional(),
    approved_by: string().optional(),
    approved_at: string().optional(),
    denied_by: string().optional(),
    denied_at: string().optional(),
    denial_reason: string().optional(),
    created_at: string(),
    updated_at: string(),
    updated_by: string().optional(),
    deleted_at: string().optional(),
    deleted_by: string().optional(),
    /** The application's own entity name (not Toolbox's). */
    entity: string().const('JOURNAL_ENTRY').hidden(),
    /** The cooperative's entries by date: `<date>#<code>`. */
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
    /**
     * The posted entries by date (the journal list), removed when the entry is deleted; while it awaits
     * approval, the awaiting entries by date instead.
     */
    gsi2pk: string().hidden().optional(),
    gsi2sk: string().hidden().optional(),
  }),
});

export type JournalEntryRecord = FormattedItem<typeof JournalEntryEntity>;
export type JournalEntryLine = JournalEntryRecord['lines'][number];
type NewEntry = Omit<
  InputItem<typeof JournalEntryEntity>,
  'pk' | 'sk' | 'entity' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'
>;
type Version = Pick<JournalEntryRecord, 'transaction_code' | 'version'>;

export const getJournalEntry = (tenant: string, code: string): Promise<JournalEntryRecord | undefined> =>
  getEntity(JournalEntryEntity, keys.journalEntry(tenant, code), true);

/**
 * One page of the posted entries dated between two days (both inclusive), newest first: one Query of
 * the posted entries' index (gsi2) in the date range. A date range has no counter: the total is what
 * was seen up to this page, plus one when there is a next page.
 */
export async function postedEntriesPage(tenant: string, from: string, to: string, request: PageRequest) {
  return openEnded(
    await entityPage(JournalEntryEntity, keys.postedJournalEntriesPartition(tenant), request, {
      index: 'gsi2',
      range: dateRange(from, to),
      reverse: true,
      total: 0,
    }),
  );
}

/** One page of the entries awaiting approval, oldest first (gsi2's awaiting partition). */
export async function awaitingEntriesPage(tenant: string, request: PageRequest) {
  return openEnded(
    await entityPage(JournalEntryEntity, keys.awaitingJournalEntriesPartition(tenant), request, {
      index: 'gsi2',
      total: 0,
    }),
  );
}

/** Every entry of the cooperative, deleted ones included (gsi1): for the one-off backfill. */
export const allEntries = (tenant: string): Promise<JournalEntryRecord[]> =>
  entitiesIn(JournalEntryEntity, keys.journalEntriesPartition(tenant), { index: 'gsi1' });

/** The ledger effect that writes a new entry, once (its code is new). */
export function createEffect(tenant: string, entry: NewEntry): Effect {
  const put = JournalEntryEntity.build(PutTransaction)
    .item({
      ...entry,
      ...keys.journalEntry(tenant, entry.transaction_code),
      ...keys.journalEntryIndex(tenant, entry.date, entry.transaction_code),
      ...(entry.status === JOURNAL_ENTRY_STATUS.POSTED
        ? keys.postedJournalEntryIndex(tenant, entry.date, entry.transaction_code)
        : entry.status === JOURNAL_ENTRY_STATUS.AWAITING_APPROVAL
          ? keys.awaitingJournalEntryIndex(tenant, entry.date, entry.transaction_code)
          : {}),
    })
    .options({ condition: { attr: 'transaction_code', exists: false } });
  return effect(put.params());
}

/** An update of the entry under the condition that it is still posted at the version read. */
function stillAt(
  tenant: string,
  entry: Version,
  update: Omit<UpdateItemInput<typeof JournalEntryEntity>, 'pk' | 'sk'>,
): Effect {
  const built = updateOf({ ...update, ...keys.journalEntry(tenant, entry.transaction_code) }).options({
    condition: {
      and: [
        { attr: 'version', eq: entry.version },
        { attr: 'status', eq: JOURNAL_ENTRY_STATUS.POSTED },
      ],
    },
  });
  return effect(
    built.params(),
    conflict(`Journal entry ${entry.transaction_code} changed while it was being saved; reload it and try again`),
  );
}
const updateOf = (update: UpdateItemInput<typeof JournalEntryEntity>) =>
  JournalEntryEntity.build(UpdateTransaction).item(update);

/** An edit's first step, with the reversal of the version read: the next version is pending. */
export const markPendingEffect = (tenant: string, entry: Version, next: number): Effect =>
  stillAt(tenant, entry, { pending_version: next });

export interface NewVersion {
  version: number;
  date: string;
  description: string;
  lines: JournalEntryLine[];
  journal_id: string;
  updated_at: string;
  updated_by: string;
}

/**
 * An edit's second step, with the posting of the new lines: the entry becomes the new version (and moves in the list by
 * date).
 */
export function replaceEffect(tenant: string, entry: Version, next: NewVersion): Effect {
  const { gsi1sk } = keys.journalEntryIndex(tenant, next.date, entry.transaction_code);
  const posted = keys.postedJournalEntryIndex(tenant, next.date, entry.transaction_code);
  return stillAt(tenant, entry, { ...next, lines: $set(next.lines), gsi1sk, ...posted, pending_version: $remove() });
}

/** A delete, with the reversal of the version read: status posted -> deleted. */
export const deleteEffect = (tenant: string, entry: Version, by: string, at: string): Effect =>
  stillAt(tenant, entry, {
    status: JOURNAL_ENTRY_STATUS.DELETED,
    deleted_at: at,
    deleted_by: by,
    gsi2pk: $remove(),
    gsi2sk: $remove(),
  });

/**
 * Finishes as a delete an edit that reversed the version read and stopped before posting its new
 * lines (the reversal is already posted, so the entry is marked outside the ledger); a 409 when the
 * entry moved on meanwhile.
 */
export async function finishDelete(tenant: string, entry: Version, by: string, at: string): Promise<void> {
  const update = updateOf({
    ...keys.journalEntry(tenant, entry.transaction_code),
    status: JOURNAL_ENTRY_STATUS.DELETED,
    deleted_at: at,
    deleted_by: by,
    pending_version: $remove(),
    gsi2pk: $remove(),
    gsi2sk: $remove(),
  }).options({
    condition: { attr: 'version', eq: entry.version },
  });
  await writeItem(
    update.params(),
    conflict(`Journal entry ${entry.transaction_code} changed while it was being deleted; reload it and try again`),
  );
}

/** An update of an entry that must still await approval (with no first approval, when `fresh`). */
function stillAwaiting(
  tenant: string,
  entry: Pick<JournalEntryRecord, 'transaction_code'>,
  update: Omit<UpdateItemInput<typeof JournalEntryEntity>, 'pk' | 'sk'>,
  fresh = false,
): Effect {
  const awaiting = { attr: 'status', eq: JOURNAL_ENTRY_STATUS.AWAITING_APPROVAL } as const;
  const built = updateOf({ ...update, ...keys.journalEntry(tenant, entry.transaction_code) }).options({
    condition: fresh ? { and: [awaiting, { attr: 'first_approval', exists: false }] } : awaiting,
  });
  return effect(
    built.params(),
    conflict(`Journal entry ${entry.transaction_code} was approved or denied meanwhile; reload it`),
  );
}

/** The first of two approvals of an entry awaiting them: recorded, nothing posted. */
export const firstApprovalEffect = (tenant: string, entry: JournalEntryRecord, mark: { by: string; at: string }) =>
  stillAwaiting(tenant, entry, { first_approval: $set(mark) }, true);

/** The approval that posts an awaiting entry: posted, into the journal list by date. */
export const approveEffect = (tenant: string, entry: JournalEntryRecord, by: string, at: string): Effect =>
  stillAwaiting(tenant, entry, {
    status: JOURNAL_ENTRY_STATUS.POSTED,
    approved_by: by,
    approved_at: at,
    ...keys.postedJournalEntryIndex(tenant, entry.date, entry.transaction_code),
  });

/** A denial of an awaiting entry: denied, out of the awaiting list; nothing was ever posted. */
export const denyEffect = (tenant: string, entry: JournalEntryRecord, by: string, at: string, reason: string) =>
  stillAwaiting(tenant, entry, {
    status: JOURNAL_ENTRY_STATUS.DENIED,
    denied_by: by,
    denied_at: at,
    denial_reason: reason,
    gsi2pk: $remove(),
    gsi2sk: $remove(),
  });
