import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { SessionUser } from '../../session/types';
import { CooperativeTable } from './cooperative-table';
import { PlatformTiles } from './platform-tiles';

/** The super-admin's home while no cooperative is chosen (spec: Platform home). */
export function PlatformHome({ user }: { user: SessionUser }) {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Here is how every cooperative on CoopLedger is doing today.">
          Welcome, {user.firstname}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <PlatformTiles />
        <CooperativeTable />
      </SpaceBetween>
    </ContentLayout>
  );
}
