import { useMemo } from 'react';
import { useEntityOptions } from '../../api/entities';
import type { BankAccount } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { bankAccountChoices } from '../../components/forms/bank-account-field';

/**
 * The cooperative's bank accounts by id, named as the bank account field names them (bank and
 * account number), inactive ones too: where an order paid on delivery was paid and is refunded from.
 */
export function useBankAccountNames(enabled = true): Map<string, string> {
  const { records } = useEntityOptions<BankAccount>(ENDPOINTS.bankAccounts, undefined, enabled);
  return useMemo(() => new Map(bankAccountChoices(records).map((choice) => [choice.value, choice.label])), [records]);
}
