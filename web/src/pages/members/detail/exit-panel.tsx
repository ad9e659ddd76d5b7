import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { SelectProps } from '@cloudscape-design/components/select';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '../../../components/tables/table';
import type { ExitGuaranteeLine, ExitSettlementView } from '@coopledger/shared/member-exit-views';
import { LOAN_STATUS, MEMBER_EXIT_STATUS } from '@coopledger/shared/statuses';
import { errorMessage } from '../../../api/api-error';
import { routeAdmits } from '../../../api/client';
import {
  useApproveExit,
  useCancelExit,
  useDenyExit,
  useExitSettlement,
  useHandOverGuarantee,
  useReleaseGuarantee,
  useRequestExit,
} from '../../../api/member-exit';
import { BankDecisionModal } from '../../../components/forms/bank-decision-modal';
import { FormModal } from '../../../components/forms/form-modal';
import { MemberSelect } from '../../../components/forms/member-select';
import { formatNaira } from '../../../format/money';
import { useSession } from '../../../session/use-session';

/**
 * Member exit (issue 23): the settlement on today's date (savings, loan payoffs, the exit charge,
 * dividends declared and unpaid), the guarantees the member gives, what blocks the exit, and the
 * request. On the member's own profile ("Leave the cooperative") the member asks or cancels; on a
 * member's page staff ask for them, and an admin approves (choosing the bank account the payout
 * leaves from), denies, or releases a guarantee.
 */
export function ExitPanel({ memberId, self }: { memberId: string; self: boolean }) {
  const role = useSession()?.user.role_name;
  const settlement = useExitSettlement(self ? '' : memberId);
  if (settlement.isPending) return <Spinner size="large" />;
  if (settlement.isError)
    return (
      <Alert type="error" header="The settlement could not be loaded">
        {errorMessage(settlement.error)}
      </Alert>
    );
  return (
    <ExitSettlement
      view={settlement.data}
      self={self}
      admin={routeAdmits('POST /cooperative/member/exit/approve', role)}
    />
  );
}

function ExitSettlement({ view, self, admin }: { view: ExitSettlementView; self: boolean; admin: boolean }) {
  const request = useRequestExit();
  const cancel = useCancelExit();
  const deny = useDenyExit();
  const approve = useApproveExit();
  const [approving, setApproving] = useState(false);
  const [releasing, setReleasing] = useState<ExitGuaranteeLine | null>(null);
  const [replacing, setReplacing] = useState<ExitGuaranteeLine | null>(null);
  const exit = view.exit;
  const pending = exit?.status === MEMBER_EXIT_STATUS.PENDING ? exit : null;
  const exited = view.member.exited_at !== null;
  const failure = request.error ?? cancel.error ?? deny.error;

  const actions = exited ? null : pending ? (
    <SpaceBetween direction="horizontal" size="xs">
      <Button onClick={() => cancel.mutate({ exit_id: pending.id })} loading={cancel.isPending}>
        Cancel request
      </Button>
      {admin && !self && (
        <>
          <Button onClick={() => deny.mutate({ exit_id: pending.id })} loading={deny.isPending}>
            Deny
          </Button>
          <Button variant="primary" onClick={() => setApproving(true)} disabled={view.blockers.length > 0}>
            Approve exit
          </Button>
        </>
      )}
    </SpaceBetween>
  ) : (
    <Button
      variant="primary"
      onClick={() => request.mutate(self ? {} : { coop_id: view.member.id })}
      loading={request.isPending}
    >
      {self ? 'Leave the cooperative' : 'Request exit'}
    </Button>
  );

  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header variant="h2" actions={actions} description={`The settlement if the exit were posted on ${view.date}`}>
            {self ? 'Leave the cooperative' : 'Exit'}
          </Header>
        }
      >
        <SpaceBetween size="m">
          {exited && <Alert type="info">{view.member.name} left the cooperative; their records stay readable.</Alert>}
          {exit && (
            <Box>
              Exit request: <StatusIndicator type={pending ? 'pending' : 'info'}>{exit.status_label}</StatusIndicator>
              {exit.settlement && ` (paid out ${formatNaira(exit.settlement.payout)}, ${exit.settlement.reference_no})`}
            </Box>
          )}
          {failure !== null && <Alert type="error">{errorMessage(failure)}</Alert>}
          {!exited && view.blockers.length > 0 && (
            <Alert type="warning" header="The exit cannot be completed yet">
              <ul>
                {view.blockers.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </Alert>
          )}
          <KeyValuePairs
            columns={3}
            items={[
              { label: 'Savings (all plans)', value: formatNaira(view.savings_total) },
              { label: 'Loan payoffs', value: formatNaira(view.loans_total) },
              { label: 'Exit charge', value: formatNaira(view.exit_charge) },
              { label: 'Dividends declared and unpaid', value: formatNaira(view.dividends_total) },
              { label: 'Settlement', value: <strong>{formatNaira(view.net)}</strong> },
              { label: 'Shortfall', value: formatNaira(view.shortfall) },
            ]}
          />
        </SpaceBetween>
      </Container>
      <Table
        header={<Header variant="h3">Savings plans</Header>}
        items={view.plans}
        columnDefinitions={[
          { id: 'product', header: 'Plan', cell: (p) => p.product_name },
          { id: 'balance', header: 'Balance', cell: (p) => formatNaira(p.balance) },
          { id: 'lien', header: 'Lien', cell: (p) => formatNaira(p.lien) },
        ]}
        empty="No savings plans"
        variant="embedded"
      />
      <Table
        header={<Header variant="h3">Running loans</Header>}
        items={view.loans}
        columnDefinitions={[
          { id: 'product', header: 'Loan', cell: (l) => l.product_name },
          { id: 'balance', header: 'Balance', cell: (l) => formatNaira(l.loan_balance) },
          { id: 'principal', header: 'Principal', cell: (l) => formatNaira(l.principal) },
          { id: 'interest', header: 'Interest due', cell: (l) => formatNaira(l.interest) },
          { id: 'payoff', header: 'Payoff', cell: (l) => formatNaira(l.payoff) },
        ]}
        empty="No running loans"
        variant="embedded"
      />
      <Table
        header={<Header variant="h3">Guarantees given</Header>}
        items={view.guarantees}
        columnDefinitions={[
          { id: 'borrower', header: 'Borrower', cell: (g) => `${g.borrower.name} (${g.borrower.id})` },
          { id: 'loan', header: 'Loan', cell: (g) => g.product_name },
          { id: 'balance', header: 'Balance', cell: (g) => formatNaira(g.loan_balance) },
          {
            id: 'actions',
            header: 'Action',
            cell: (g) =>
              !self && g.loan_status === LOAN_STATUS.APPROVED ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button
                    variant="inline-link"
                    ariaLabel={`Replace the guarantee of ${g.borrower.name}'s loan`}
                    onClick={() => setReplacing(g)}
                  >
                    Replace
                  </Button>
                  {admin && (
                    <Button variant="inline-link" onClick={() => setReleasing(g)}>
                      Release
                    </Button>
                  )}
                </SpaceBetween>
              ) : (
                'Replace or release'
              ),
          },
        ]}
        empty="No guarantees on running loans"
        variant="embedded"
      />
      {pending && (
        <BankDecisionModal
          visible={approving}
          header="Approve exit"
          summary={
            <Box>
              Pays {formatNaira(view.net)} to {view.member.name} from the bank account, after paying off the loans from
              the savings and taking the exit charge; closes the plans and deactivates the member.
            </Box>
          }
          bankDescription="The account the settlement is paid from"
          onApprove={(bankId) =>
            approve.mutate({ exit_id: pending.id, bank_id: bankId }, { onSuccess: () => setApproving(false) })
          }
          pending={approve.isPending}
          error={approve.error}
          failureHeader="The exit was not approved"
          onClose={() => setApproving(false)}
        />
      )}
      {releasing && <ReleaseModal guarantee={releasing} onClose={() => setReleasing(null)} />}
      {replacing && <ReplaceModal guarantee={replacing} leaving={view.member.id} onClose={() => setReplacing(null)} />}
    </SpaceBetween>
  );
}

/**
 * Names the member who takes over a guarantee on a running loan: they are asked like any surety, and the
 * leaving member keeps guaranteeing until they approve (docs/decisions.md "Member exit").
 */
function ReplaceModal({
  guarantee,
  leaving,
  onClose,
}: {
  guarantee: ExitGuaranteeLine;
  leaving: string;
  onClose: () => void;
}) {
  const handOver = useHandOverGuarantee();
  const [member, setMember] = useState<SelectProps.Option | null>(null);
  const [touched, setTouched] = useState(false);
  const missing = touched && !member;
  return (
    <FormModal
      header="Replace guarantee"
      onDismiss={onClose}
      onSubmit={() => {
        setTouched(true);
        if (member?.value)
          handOver.mutate(
            { loan_id: guarantee.loan_id, surety_id: guarantee.surety_id, member_id: member.value },
            { onSuccess: onClose },
          );
      }}
      submitText="Ask the new surety"
      pending={handOver.isPending}
      error={handOver.error ? errorMessage(handOver.error) : undefined}
    >
      <Box>
        The new surety is asked to guarantee the {guarantee.product_name} of {guarantee.borrower.name} (balance{' '}
        {formatNaira(guarantee.loan_balance)}); this member stays its surety until they approve.
      </Box>
      <FormField label="New surety" errorText={missing ? 'Please select a member' : undefined}>
        <MemberSelect
          label="New surety"
          selected={member}
          exclude={[leaving, guarantee.borrower.id]}
          onChange={setMember}
          onBlur={() => setTouched(true)}
          invalid={missing}
        />
      </FormField>
    </FormModal>
  );
}

function ReleaseModal({ guarantee, onClose }: { guarantee: ExitGuaranteeLine; onClose: () => void }) {
  const release = useReleaseGuarantee();
  const [reason, setReason] = useState('');
  return (
    <FormModal
      header="Release guarantee"
      onDismiss={onClose}
      onSubmit={() => release.mutate({ surety_id: guarantee.surety_id, reason }, { onSuccess: onClose })}
      submitText="Release"
      pending={release.isPending}
      error={release.error ? errorMessage(release.error) : undefined}
    >
      <Box>
        The guarantee on the {guarantee.product_name} of {guarantee.borrower.name} is released when its balance (
        {formatNaira(guarantee.loan_balance)}) is covered otherwise.
      </Box>
      <FormField label="Reason">
        <Input value={reason} onChange={({ detail }) => setReason(detail.value)} ariaLabel="Reason" />
      </FormField>
    </FormModal>
  );
}
