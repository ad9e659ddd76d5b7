import { SETUP_STATUS } from '@coopledger/shared/statuses';
import { keys } from '#core/keys';
import type { TransactItem } from '#core/db';
import { cachedRecord, forgetRecord, unchangedCheck } from '#core/ttl-cache';
import type { BankAccountRecord, SavingsSetup } from './setup-entity.ts';
import { setupRecords } from './setup-entity.ts';

/**
 * The setup records an approval uses, from this instance's cache (core/ttl-cache.ts, 30 s), each with
 * the ConditionCheck its transaction must carry: the record still exists and still holds what the
 * approval used. Edits through the setup routes forget the record (core/setup-store.ts); an edit by
 * another instance fails that check, and the caller forgets the record and reads it again.
 */
const bankKey = (tenant: string, id: string) => keys.setup(tenant, 'BANK_ACCOUNT', id);
const savingsSetupKey = (tenant: string, id: string) => keys.setup(tenant, 'SAVINGS_SETUP', id);

/** An inactive bank account is not cached: one reactivated by another instance is usable at once. */
export const cachedBankAccount = (tenant: string, id: string): Promise<BankAccountRecord | undefined> =>
  cachedRecord(
    bankKey(tenant, id),
    () => setupRecords.bankAccount.get(tenant, id),
    (bank) => bank.status === SETUP_STATUS.ACTIVE,
  );

/** The bank account is still active and still posts to the GL account the approval posts to. */
export const bankAccountUnchanged = (bank: BankAccountRecord): TransactItem =>
  unchangedCheck(bankKey(bank.cooperative_id, bank.id), { status: SETUP_STATUS.ACTIVE, coa_id: bank.coa_id });

export const forgetBankAccount = (tenant: string, id: string) => forgetRecord(bankKey(tenant, id));

export const cachedSavingsSetup = (tenant: string, id: string): Promise<SavingsSetup | undefined> =>
  cachedRecord(savingsSetupKey(tenant, id), () => setupRecords.savingsSetup.get(tenant, id));

/** The savings setup still exists and still keeps the members' balances on the GL account the approval credits. */
export const savingsSetupUnchanged = (setup: SavingsSetup): TransactItem =>
  unchangedCheck(savingsSetupKey(setup.cooperative_id, setup.id), { member_balance_gl: setup.member_balance_gl });

export const forgetSavingsSetup = (tenant: string, id: string) => forgetRecord(savingsSetupKey(tenant, id));
