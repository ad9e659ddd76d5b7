import Tabs from '@cloudscape-design/components/tabs';
import { SetupPage } from '../setup-page';
import { AllRolesTab } from './all-roles-tab';
import { RoleAccessTab } from './role-access-tab';

/** /setup/access-control: the roles people are given, and what each may do. */
export function AccessControlPage() {
  return (
    <SetupPage title="Access control" description="Roles, and what each role may read, change and delete">
      <Tabs
        ariaLabel="Access control"
        tabs={[
          { id: 'roles', label: 'All Roles', content: <AllRolesTab /> },
          { id: 'access', label: 'Role Access', content: <RoleAccessTab /> },
        ]}
      />
    </SetupPage>
  );
}
