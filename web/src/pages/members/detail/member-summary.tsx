import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { MemberDetail } from '../../../api/members';
import { formatDateTime, formatDay } from '../../../format/dates';
import { activityText } from '../../../app/settings/activity-list';
import { fullName, isDepositActivity, orNA } from './profile-mapping';
import styles from './member-detail.module.css';

const dayOrNA = (value: string | null | undefined) => (value ? formatDay(value) : 'N/A');

/** The side card: who the member is, with the page's actions (if any) under it. */
export function MemberSideCard({ member, actions }: { member: MemberDetail; actions?: ReactNode }) {
  const name = fullName(member);
  const initials = `${member.firstname.charAt(0)}${member.lastname.charAt(0)}`.toUpperCase();
  return (
    <Container>
      <SpaceBetween size="m">
        <Box textAlign="center">
          {member.documents.avatar ? (
            <img className={styles.avatar} src={member.documents.avatar} alt={`Avatar of ${name}`} />
          ) : (
            <span className={styles.initials} aria-hidden>
              {initials}
            </span>
          )}
          <Box variant="h2" padding={{ top: 's' }}>
            {name}
          </Box>
          <div data-testid="member-role">
            <Box color="text-body-secondary">{member.role.display_name}</Box>
          </div>
        </Box>
        <KeyValuePairs
          columns={1}
          ariaLabel="Member summary"
          items={[
            { label: 'Member code', value: member.coop_id },
            { label: 'Gender', value: orNA(member.gender) },
            { label: 'Address', value: orNA(member.current_address) },
            { label: 'Date of birth', value: dayOrNA(member.dob) },
            { label: 'Date joined', value: dayOrNA(member.workInfo?.date_joined) },
          ]}
        />
        {actions}
      </SpaceBetween>
    </Container>
  );
}

/** What the member did recently, newest first; deposits green, everything else pink. */
export function ActivityTimeline({ member }: { member: MemberDetail }) {
  return (
    <Container header={<Header variant="h2">Activity</Header>}>
      {member.activity.length === 0 ? (
        <Box color="text-body-secondary">No activity yet</Box>
      ) : (
        <ul className={styles.timeline} aria-label="Activity">
          {member.activity.map((entry) => (
            <li
              key={`${entry.at}-${entry.path}`}
              className={styles.entry}
              data-tone={isDepositActivity(entry) ? 'deposit' : 'other'}
            >
              <span
                className={`${styles.dot} ${isDepositActivity(entry) ? styles.deposit : styles.other}`}
                aria-hidden
              />
              <div>
                <div>{activityText(entry)}</div>
                <Box variant="small" color="text-body-secondary">
                  {formatDateTime(entry.at)}
                </Box>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

export function WorkInfoCard({ member }: { member: MemberDetail }) {
  const work = member.workInfo;
  return (
    <Container header={<Header variant="h2">Work Info</Header>}>
      <KeyValuePairs
        columns={2}
        ariaLabel="Work Info"
        items={[
          { label: 'Department', value: orNA(work?.department?.name) },
          { label: 'Phone', value: orNA(work?.official_phone) },
          { label: 'Email', value: orNA(work?.official_email) },
          { label: 'Level', value: work?.level ? `Level ${work.level}` : 'N/A' },
        ]}
      />
    </Container>
  );
}

export function NextOfKinCard({ member }: { member: MemberDetail }) {
  const kin = member.nokInfo;
  return (
    <Container header={<Header variant="h2">Next of Kin</Header>}>
      <KeyValuePairs
        columns={2}
        ariaLabel="Next of Kin"
        items={[
          { label: 'Name', value: orNA(kin?.name) },
          { label: 'Phone', value: orNA(kin?.phone) },
          { label: 'Email', value: orNA(kin?.email) },
          { label: 'Address', value: orNA(kin?.address) },
        ]}
      />
    </Container>
  );
}

/** Member Info: the activity timeline beside the Work Info and Next of Kin cards. */
export function MemberInfo({ member }: { member: MemberDetail }) {
  return (
    <ColumnLayout columns={2}>
      <ActivityTimeline member={member} />
      <SpaceBetween size="l">
        <WorkInfoCard member={member} />
        <NextOfKinCard member={member} />
      </SpaceBetween>
    </ColumnLayout>
  );
}

/** The side card beside the page's main content (stacked on narrow screens). */
export function WithSideCard({ side, children }: { side: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.layout}>
      <div>{side}</div>
      <div className={styles.main}>{children}</div>
    </div>
  );
}
