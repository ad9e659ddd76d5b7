import { useRequiredSession } from '../../session/use-session';
import { PlatformHome } from './platform-home';
import { WelcomeCard } from './welcome-card';

/** /dashboard: the platform home for a super-admin with no cooperative chosen, else a greeting. */
export function DashboardPage() {
  const session = useRequiredSession();
  if (session.user.role_name === 'super-admin' && session.activeCooperativeId === null) return <PlatformHome user={session.user} />;
  return <WelcomeCard session={session} />;
}
