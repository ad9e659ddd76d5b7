import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { maySaveGlSetup } from '../../api/dividends';
import { useRequiredSession } from '../../session/use-session';
import { GlSetupSection } from './gl-setup-section';
import { RevenueSharingSection } from './revenue-sharing-section';

/**
 * /dividend-calculator/gl-setup: the cooperative's dividend GL accounts (admins save them, accountants
 * read them) and the revenue sharing of a period (docs/decisions.md 2026-11-26 "Dividends: GL setup
 * and revenue sharing").
 */
export function DividendGlSetupPage() {
  const session = useRequiredSession();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="The accounts dividends post to, and how a period's surplus would be shared.">
          Dividend GL setup
        </Header>
      }
    >
      <SpaceBetween size="l">
        <GlSetupSection canSave={maySaveGlSetup(session.user.role_name)} />
        <RevenueSharingSection />
      </SpaceBetween>
    </ContentLayout>
  );
}
