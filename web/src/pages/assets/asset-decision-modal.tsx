import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import { useDecideAsset } from '../../api/assets';
import type { Asset, BankAccount } from '../../api/setup-endpoints';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { formatNaira } from '../../format/money';
import { ChoiceSelect } from '../setup/chart/choice-select';
import { useRecordChoices } from '../setup/use-choices';

export interface AssetDecision {
  decision: 'approve' | 'deny';
  asset: Asset;
}

const bankLabel = (account: BankAccount) => `${account.bank} ${account.account_no}`;

/** Confirms an approval (which bank paid for the asset) or a denial of a pending asset. */
export function AssetDecisionModal({ pending, onClose }: { pending: AssetDecision | null; onClose: () => void }) {
  const banks = useRecordChoices<BankAccount>(ENDPOINTS.bankAccounts, bankLabel);
  const [bankId, setBankId] = useState<string | null>(null);
  const decide = useDecideAsset();
  const approving = pending?.decision === 'approve';
  const close = () => {
    setBankId(null);
    decide.reset();
    onClose();
  };
  const confirm = () => {
    if (!pending) return;
    decide.mutate(
      { decision: pending.decision, assetId: pending.asset.id, bankId: bankId ?? undefined },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          close();
        },
      },
    );
  };
  return (
    <Modal
      visible={pending !== null}
      onDismiss={close}
      closeAriaLabel="Close"
      header={approving ? 'Approve asset' : 'Deny asset'}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={close}>
              Cancel
            </Button>
            <Button variant="primary" loading={decide.isPending} disabled={approving && !bankId} onClick={confirm}>
              {approving ? 'Approve' : 'Deny'}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>
          {approving ? 'Approve' : 'Deny'} <b>{pending?.asset.name}</b> ({formatNaira(pending?.asset.initial_cost)})?
          {approving && ' Its cost is posted to the ledger, paid from the bank account you choose.'}
        </Box>
        {approving && <ChoiceSelect label="Bank account" value={bankId} options={banks.options} loading={banks.loading} placeholder="Choose the bank account" onChange={setBankId} />}
        {decide.isError && <Box color="text-status-error">{errorMessage(decide.error)}</Box>}
      </SpaceBetween>
    </Modal>
  );
}
