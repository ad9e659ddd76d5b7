import { Navigate } from 'react-router';
import { isStoreRole } from '@coopledger/shared/roles';
import { STORE_KEEPER_HOME } from '../../session/role-context';
import { useRequiredSession } from '../../session/use-session';
import { MemberDashboard } from './member-dashboard';
import { PlatformHome } from './platform-home';
import { StaffDashboard } from './staff-dashboard';
import { WelcomeCard } from './welcome-card';

/**
 * /dashboard (spec 000 section 6): members and executives get their personal dashboard; a store
 * keeper goes to their store's home; everyone else gets the staff dashboard while a cooperative is
 * active, else the platform home.
 */
export function DashboardPage() {
  const session = useRequiredSession();
  const role = session.user.role_name;
  if (role === 'cooperative-member' || role === 'cooperative-executive') return <MemberDashboard session={session} />;
  if (isStoreRole(role)) return <Navigate to={STORE_KEEPER_HOME} replace />;
  if (session.activeCooperativeId !== null) return <StaffDashboard session={session} />;
  if (role === 'super-admin') return <PlatformHome user={session.user} />;
  // Staff whose cooperative is not known yet (it is selected on load) are greeted meanwhile.
  return <WelcomeCard session={session} />;
}
