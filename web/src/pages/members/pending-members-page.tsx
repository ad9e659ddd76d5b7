import { useCallback, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { errorMessage } from '../../api/api-error';
import { useCooperative } from '../../api/cooperatives';
import type { PendingMemberRow } from '../../api/members';
import { PENDING_MEMBERS_ENDPOINT, usePendingDecision } from '../../api/members';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { EntityTable } from '../../components/crud/entity-table';
import { formatDay } from '../../format/dates';
import { useSession } from '../../session/use-session';
import { PENDING_MEMBER_STATUS } from '@coopledger/shared/statuses';

const fullName = (p: PendingMemberRow) => [p.firstname, p.middlename, p.lastname].filter(Boolean).join(' ');

const COLUMNS: TableProps.ColumnDefinition<PendingMemberRow>[] = [
  { id: 'name', header: 'Name', isRowHeader: true, cell: fullName },
  { id: 'designation', header: 'Designation', cell: (p) => p.designation || '-' },
  { id: 'address', header: 'Address', cell: (p) => p.current_address },
  { id: 'phone', header: 'Phone', cell: (p) => p.contact_phone || p.phone },
  { id: 'email', header: 'Email', cell: (p) => p.email },
  { id: 'date', header: 'Date', minWidth: 120, cell: (p) => formatDay(p.created_at) },
];

/** `{site}/register?coop={code}`: the public membership form of a cooperative. */
export const registrationLink = (origin: string, code: string) => `${origin}/register?coop=${encodeURIComponent(code)}`;

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard refused (no permission): the alert still tells the reader the link to share.
  }
  window.alert('Link Copied');
}

type Decision = { row: PendingMemberRow; approve: boolean };

export function PendingMembersPage() {
  const session = useSession();
  const cooperative = useCooperative(session?.activeCooperativeId ?? null);
  const link = cooperative.data ? registrationLink(window.location.origin, cooperative.data.code) : '';
  const decision = usePendingDecision();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [viewing, setViewing] = useState<PendingMemberRow | null>(null);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${cooperative.data?.name ?? ''} membership form`, url: link });
        return;
      } catch {
        // Cancelled or refused: fall back to copying.
      }
    }
    await copy(link);
  };

  const rowActions = useCallback(
    (row: PendingMemberRow) => (
      <ButtonDropdown
        variant="icon"
        ariaLabel={`Actions for ${fullName(row)}`}
        expandToViewport
        items={[
          { id: 'view', text: 'View Details' },
          { id: 'approve', text: 'Approve', disabled: row.status !== PENDING_MEMBER_STATUS.PENDING },
          { id: 'deny', text: 'Deny', disabled: row.status !== PENDING_MEMBER_STATUS.PENDING },
        ]}
        onItemClick={({ detail }) => {
          if (detail.id === 'view') setViewing(row);
          else setDeciding({ row, approve: detail.id === 'approve' });
        }}
      />
    ),
    [],
  );

  const confirm = () => {
    if (!deciding) return;
    decision.mutate(
      { id: deciding.row.id, approve: deciding.approve },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          setDeciding(null);
        },
      },
    );
  };

  const details = viewing?.details ?? {};
  const detail = (key: string) => {
    const value = details[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '-';
  };

  return (
    <ContentLayout header={<Header variant="h1">Pending Members</Header>}>
      <SpaceBetween size="l">
        <Container
          header={
            <Header variant="h2" description="Share this link so that people can ask to join the cooperative.">
              Registration link
            </Header>
          }
        >
          <SpaceBetween size="s">
            <Box variant="code" data-testid="registration-link">
              {link || 'Loading…'}
            </Box>
            <SpaceBetween size="xs" direction="horizontal">
              <Button iconName="copy" disabled={!link} onClick={() => void copy(link)}>
                Copy Link
              </Button>
              <Button iconName="share" disabled={!link} onClick={() => void share()}>
                Share Link
              </Button>
            </SpaceBetween>
          </SpaceBetween>
        </Container>
        <EntityTable<PendingMemberRow>
          endpoint={PENDING_MEMBERS_ENDPOINT}
          title="Pending Members"
          noun="pending member"
          columns={COLUMNS}
          nameOf={fullName}
          canDelete={() => false}
          rowActions={rowActions}
          emptyText="No registration is waiting for approval."
          wrapLines
        />
      </SpaceBetween>
      <Modal
        visible={deciding !== null}
        onDismiss={() => {
          decision.reset();
          setDeciding(null);
        }}
        header={deciding?.approve ? 'Approve pending member' : 'Deny pending member'}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setDeciding(null)}>
                Cancel
              </Button>
              <Button variant="primary" loading={decision.isPending} onClick={confirm}>
                {deciding?.approve ? 'Approve' : 'Deny'}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="s">
          <Box>
            {deciding?.approve
              ? `Approve the registration of ${deciding ? fullName(deciding.row) : ''}? They become a member and receive their sign-in details by email.`
              : `Deny the registration of ${deciding ? fullName(deciding.row) : ''}?`}
          </Box>
          {decision.error && <Box color="text-status-error">{errorMessage(decision.error)}</Box>}
        </SpaceBetween>
      </Modal>
      <Modal
        visible={viewing !== null}
        onDismiss={() => setViewing(null)}
        header={viewing ? fullName(viewing) : ''}
        size="large"
      >
        <ColumnLayout columns={1}>
          <KeyValuePairs
            columns={3}
            items={[
              ['Email', 'email'],
              ['Phone', 'phone'],
              ['Gender', 'gender'],
              ['Marital status', 'marital_status'],
              ['Date of birth', 'dob'],
              ['Address', 'current_address'],
              ['Savings amount', 'savings_amount'],
              ['Staff ID', 'staff_id'],
              ['Level', 'level'],
              ['Date joined', 'date_joined'],
              ['Branch', 'branch'],
              ['Account type', 'account_type'],
              ['Account number', 'account_no'],
              ['Account name', 'account_name'],
              ['Next of kin', 'nok_name'],
              ['Next of kin phone', 'nok_phone'],
              ['Emergency contact', 'contact_name'],
              ['Emergency phone', 'contact_phone'],
            ].map(([label, key]) => ({ label: label ?? '', value: detail(key ?? '') }))}
          />
        </ColumnLayout>
      </Modal>
    </ContentLayout>
  );
}
