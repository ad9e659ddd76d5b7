import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Spinner from '@cloudscape-design/components/spinner';
import { pendingMemberSchema } from '@coopledger/shared/schemas/members';
import { usePublicCooperative, usePublicDepartments, useRegister } from '../../api/members';
import { MemberWizard } from '../members/member-wizard';
import styles from './register-page.module.css';
import { isActive } from '@coopledger/shared/statuses';

// The code comes from the link, not from a field of the form.
const formSchema = pendingMemberSchema.omit({ cooperative_code: true });

export const REGISTERED_TEXT = "Success - We received your membership request; we'll be in touch shortly!";

/** The public membership form of a registration link, /register?coop={code}; no sign-in. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const code = (params.get('coop') ?? '').trim();
  const cooperative = usePublicCooperative(code);
  const departments = usePublicDepartments(cooperative.data ? code : '');
  const register = useRegister();
  const [done, setDone] = useState<string | null>(null);

  let body;
  if (code !== '' && cooperative.isPending) {
    body = (
      <Box textAlign="center" padding="xxl">
        <Spinner size="large" />
      </Box>
    );
  } else if (!cooperative.data || !isActive(cooperative.data.status)) {
    body = (
      <Container header={<Header variant="h1">Registration link not valid</Header>}>
        <Box variant="p">
          This registration link does not belong to an active cooperative. Please ask your cooperative for its current
          link.
        </Box>
        <Link to="/login">Go to sign in</Link>
      </Container>
    );
  } else if (done) {
    body = (
      <Container header={<Header variant="h1">{`${cooperative.data.name} MEMBERSHIP FORM`}</Header>}>
        <Alert type="success">{REGISTERED_TEXT}</Alert>
      </Container>
    );
  } else {
    body = (
      <ContentLayout header={<Header variant="h1">{`${cooperative.data.name} MEMBERSHIP FORM`}</Header>}>
        <MemberWizard
          variant="pending"
          schema={formSchema}
          departments={departments.data ?? []}
          departmentsLoading={departments.isPending}
          submit={(values) => register.mutateAsync({ ...values, cooperative_code: code })}
          submitting={register.isPending}
          onSuccess={(message) => setDone(message || REGISTERED_TEXT)}
        />
      </ContentLayout>
    );
  }
  return <main className={styles.page}>{body}</main>;
}
