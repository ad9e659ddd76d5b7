import Box from '@cloudscape-design/components/box';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../../api/api-error';
import { useDecideAsset } from '../../api/assets';
import type { Asset } from '../../api/setup-endpoints';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { BankDecisionModal } from '../../components/forms/bank-decision-modal';
import { ModalFooter } from '../../components/forms/modal-footer';
import { formatNaira } from '../../format/money';

export interface AssetDecision {
  decision: 'approve' | 'deny';
  asset: Asset;
}

/** Confirms an approval (which bank paid for the asset) or a denial of a pending asset. */
export function AssetDecisionModal({ pending, onClose }: { pending: AssetDecision | null; onClose: () => void }) {
  const decide = useDecideAsset();
  const close = () => {
    decide.reset();
    onClose();
  };
  const confirm = (bankId?: string) => {
    if (!pending) return;
    decide.mutate(
      { decision: pending.decision, assetId: pending.asset.id, bankId },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          close();
        },
      },
    );
  };
  const what = (
    <>
      <b>{pending?.asset.name}</b> ({formatNaira(pending?.asset.initial_cost)})
    </>
  );
  return (
    <>
      <BankDecisionModal
        visible={pending?.decision === 'approve'}
        header="Approve asset"
        summary={<Box>Approve {what}? Its cost is posted to the ledger, paid from the bank account you choose.</Box>}
        bankDescription="The account the asset was paid from"
        onApprove={confirm}
        pending={decide.isPending}
        error={decide.error}
        failureHeader="The asset was not approved"
        onClose={close}
      />
      <Modal
        visible={pending?.decision === 'deny'}
        onDismiss={close}
        closeAriaLabel="Close"
        header="Deny asset"
        footer={<ModalFooter onCancel={close} primary="Deny" onPrimary={() => confirm()} loading={decide.isPending} />}
      >
        <SpaceBetween size="m">
          <Box>Deny {what}?</Box>
          {decide.isError && <Box color="text-status-error">{errorMessage(decide.error)}</Box>}
        </SpaceBetween>
      </Modal>
    </>
  );
}
