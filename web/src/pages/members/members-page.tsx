import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import { memberCreateSchema } from '@coopledger/shared/schemas/members';
import { errorMessage } from '../../api/api-error';
import { routeDownload } from '../../api/client';
import { useCooperative } from '../../api/cooperatives';
import type { MemberRow, Named } from '../../api/members';
import {
  INACTIVE_MEMBERS_ENDPOINT,
  MEMBERS_ENDPOINT,
  useCreateMember,
  useMemberCounts,
  useMemberDetail,
  useMemberStatus,
} from '../../api/members';
import { ENDPOINTS } from '../../api/setup-endpoints';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { EntityTable } from '../../components/crud/entity-table';
import { formatNaira } from '../../format/money';
import { useSession } from '../../session/use-session';
import { useRecordChoices } from '../setup/use-choices';
import { EditProfileTabs } from './detail/edit-profile-tabs';
import { fullName, memberFormPath } from './detail/profile-mapping';
import { MemberImport } from './member-import';
import { MemberWizard } from './member-wizard';
import { MEMBER_STATUS, MEMBER_STATUS_LABELS } from '@coopledger/shared/statuses';
import { defaultGrid } from '@coopledger/shared/access-defaults';
import type { Role } from '@coopledger/shared/roles';

/** Whether a role may deactivate a member: Delete on Members (the super-admin is never restricted). */
export const mayDeactivate = (role: Role): boolean => role === 'super-admin' || defaultGrid(role).members.delete;

export type MembersTab = 'list' | 'inactive' | 'form' | 'import';

/** The tab a URL hash selects (spec section 2): #form, #import, #inactive, anything else the list. */
export function tabOfHash(hash: string): MembersTab {
  if (hash === '#form') return 'form';
  if (hash === '#import') return 'import';
  if (hash === '#inactive') return 'inactive';
  return 'list';
}

export function MemberStatus({ status, exited = false }: { status: number; exited?: boolean }) {
  if (exited) return <StatusIndicator type="stopped">Exited</StatusIndicator>;
  if (status === MEMBER_STATUS.APPROVED)
    return <StatusIndicator type="success">{MEMBER_STATUS_LABELS[MEMBER_STATUS.APPROVED]}</StatusIndicator>;
  if (status === MEMBER_STATUS.INACTIVE)
    return <StatusIndicator type="stopped">{MEMBER_STATUS_LABELS[MEMBER_STATUS.INACTIVE]}</StatusIndicator>;
  return <StatusIndicator type="warning">{MEMBER_STATUS_LABELS[MEMBER_STATUS.WARNING]}</StatusIndicator>;
}

const MEMBER_COLUMNS: TableProps.ColumnDefinition<MemberRow>[] = [
  {
    id: 'name',
    header: 'Name',
    isRowHeader: true,
    cell: (m) => (
      <div>
        <div>
          {m.name} ({m.coop_id})
        </div>
        <Box variant="small" color="text-body-secondary">
          {m.email}
        </Box>
      </div>
    ),
  },
  { id: 'department', header: 'Department', cell: (m) => m.department || 'N/A' },
  { id: 'ledger', header: 'Leg. Balance', cell: (m) => formatNaira(m.ledger_balance) },
  { id: 'available', header: 'Avl. Balance', cell: (m) => formatNaira(m.available_balance) },
  { id: 'monthly', header: 'Monthly Sav.', cell: (m) => formatNaira(m.monthly_savings) },
  { id: 'status', header: 'Status', minWidth: 120, cell: (m) => <MemberStatus status={m.status} exited={m.exited} /> },
];

function CountCards() {
  const { data } = useMemberCounts();
  const cards: [string, number | undefined][] = [
    ['Total Members', data?.total],
    ['Pending Members', data?.pending],
    ['Male', data?.male],
    ['Female', data?.female],
  ];
  return (
    <Container>
      <ColumnLayout columns={4} variant="text-grid">
        {cards.map(([label, value]) => (
          <div key={label} data-testid={`count-${label}`}>
            <Box variant="awsui-key-label">{label}</Box>
            <Box variant="awsui-value-large">{value ?? '-'}</Box>
          </div>
        ))}
      </ColumnLayout>
    </Container>
  );
}

function MemberList({ inactive }: { inactive?: boolean }) {
  const session = useSession();
  const cooperative = useCooperative(session?.activeCooperativeId ?? null);
  const status = useMemberStatus();
  const navigate = useNavigate();
  const [target, setTarget] = useState<MemberRow | null>(null);
  const [downloading, setDownloading] = useState(false);
  const activate = target ? target.status !== MEMBER_STATUS.APPROVED : false;

  const download = async () => {
    setDownloading(true);
    try {
      await routeDownload(
        'GET /cooperative/member/download-report',
        `members-report-${cooperative.data?.name ?? 'cooperative'}.xlsx`,
      );
    } catch (error) {
      notificationsStore.notify('error', errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  // Deactivating is Delete on Members, which an accountant's role does not have by default.
  const userRole = session?.user.role_name;
  const canDeactivate = userRole !== undefined && mayDeactivate(userRole);
  const rowActions = useCallback(
    (m: MemberRow) => (
      <SpaceBetween size="xxs">
        {(m.status !== MEMBER_STATUS.APPROVED || canDeactivate) && (
          <Button
            variant="inline-link"
            ariaLabel={`${m.status === MEMBER_STATUS.APPROVED ? 'Deactivate' : 'Activate'} ${m.name}`}
            onClick={() => setTarget(m)}
          >
            {m.status === MEMBER_STATUS.APPROVED ? 'Deactivate' : 'Activate'}
          </Button>
        )}
        <Button
          variant="inline-link"
          ariaLabel={`Edit ${m.name}`}
          onClick={() => void navigate(memberFormPath(m.coop_id))}
        >
          Edit
        </Button>
        <Link to={`/members/view?member_id=${encodeURIComponent(m.id)}`} aria-label={`View ${m.name}`}>
          View
        </Link>
      </SpaceBetween>
    ),
    [navigate, canDeactivate],
  );

  const confirm = () => {
    if (!target) return;
    status.mutate(
      { coopId: target.coop_id, activate },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('success', envelope.message);
          setTarget(null);
        },
      },
    );
  };

  return (
    <>
      <EntityTable<MemberRow>
        endpoint={inactive ? INACTIVE_MEMBERS_ENDPOINT : MEMBERS_ENDPOINT}
        title={inactive ? 'Inactive Members' : 'Member List'}
        noun="member"
        columns={MEMBER_COLUMNS}
        nameOf={(m) => m.name}
        canDelete={() => false}
        rowActions={rowActions}
        wrapLines
        actionsMinWidth={170}
        headerActions={
          inactive ? undefined : (
            <Button iconName="download" loading={downloading} onClick={() => void download()}>
              Download
            </Button>
          )
        }
      />
      <Modal
        visible={target !== null}
        onDismiss={() => {
          status.reset();
          setTarget(null);
        }}
        header={activate ? 'Activate member' : 'Deactivate member'}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setTarget(null)}>
                Cancel
              </Button>
              <Button variant="primary" loading={status.isPending} onClick={confirm}>
                {activate ? 'Activate' : 'Deactivate'}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="s">
          <Box>
            {activate ? 'Activate' : 'Deactivate'} {target?.name} ({target?.coop_id})?{' '}
            {activate ? 'They will be able to sign in again.' : 'They will no longer be able to sign in.'}
          </Box>
          {status.error && <Box color="text-status-error">{errorMessage(status.error)}</Box>}
        </SpaceBetween>
      </Modal>
    </>
  );
}

/** The form tab with a member from a list loaded: each part saves on its own by detail type. */
function MemberEditor({ coopId }: { coopId: string }) {
  const detail = useMemberDetail(coopId);
  const navigate = useNavigate();
  const newMember = (
    <Button onClick={() => void navigate({ search: '', hash: '#form' }, { replace: true })}>New member</Button>
  );
  if (detail.isPending) return <Spinner size="large" />;
  if (detail.isError) {
    return (
      <Alert type="error" header="The member could not be loaded" action={newMember}>
        {errorMessage(detail.error)}
      </Alert>
    );
  }
  const member = detail.data;
  return (
    <SpaceBetween size="m">
      <Header
        variant="h2"
        description="Each tab is saved on its own."
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => void navigate(`/members/view?member_id=${encodeURIComponent(member.coop_id)}`)}>
              View member
            </Button>
            {newMember}
          </SpaceBetween>
        }
      >
        Editing {fullName(member)} ({member.coop_id})
      </Header>
      <EditProfileTabs member={member} self={false} />
    </SpaceBetween>
  );
}

function MemberFormTab() {
  const [params] = useSearchParams();
  const editing = (params.get('edit') ?? '').trim();
  return editing ? <MemberEditor key={editing} coopId={editing} /> : <MemberCreateForm />;
}

function MemberCreateForm() {
  const create = useCreateMember();
  const departments = useRecordChoices<Named & { id: string }>(ENDPOINTS.departments, (d) => d.name);
  const records = useMemo(() => departments.records.map((d) => ({ id: d.id, name: d.name })), [departments.records]);
  return (
    <MemberWizard
      variant="member"
      schema={memberCreateSchema}
      departments={records}
      departmentsLoading={departments.loading}
      submit={(body) => create.mutateAsync(body)}
      submitting={create.isPending}
      onSuccess={(message) => notificationsStore.notify('success', message)}
    />
  );
}

export function MembersPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabOfHash(location.hash);
  return (
    <ContentLayout header={<Header variant="h1">Members</Header>}>
      <SpaceBetween size="l">
        <CountCards />
        <Tabs
          ariaLabel="Members"
          activeTabId={tab}
          onChange={({ detail }) =>
            void navigate(
              { search: '', hash: detail.activeTabId === 'list' ? '' : `#${detail.activeTabId}` },
              { replace: true },
            )
          }
          tabs={[
            { id: 'list', label: 'All Members', content: <MemberList /> },
            { id: 'inactive', label: 'Inactive Members', content: <MemberList inactive /> },
            { id: 'form', label: 'Member Form', content: <MemberFormTab /> },
            { id: 'import', label: 'Import Members', content: <MemberImport /> },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
