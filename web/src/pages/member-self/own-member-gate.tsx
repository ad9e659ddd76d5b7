import type { ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Spinner from '@cloudscape-design/components/spinner';
import { errorMessage } from '../../api/api-error';
import type { MemberDetail } from '../../api/members';
import { useOwnMember } from './use-own-member';

/** Renders a self-service screen once the member's own record is loaded, or says why it is not. */
export function OwnMemberGate({ children }: { children: (member: MemberDetail) => ReactNode }) {
  const { ownId, detail } = useOwnMember();
  if (!ownId)
    return (
      <Alert type="info">These screens are for members and executives: staff see members from the Members page.</Alert>
    );
  if (detail.isPending) return <Spinner size="large" />;
  if (detail.isError)
    return (
      <Alert type="error" header="Your profile could not be loaded">
        {errorMessage(detail.error)}
      </Alert>
    );
  return <>{children(detail.data)}</>;
}
