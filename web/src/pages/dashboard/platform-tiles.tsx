import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Icon from '@cloudscape-design/components/icon';
import type { IconProps } from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TileData } from '../../api/dashboard';
import { useTileData } from '../../api/dashboard';
import type { ContextSwitch } from '../../app/menus/menu-types';
import { switchMenuContext } from '../../app/menus/use-switch-context';
import { useFollow } from '../../app/navigation/use-follow';

interface Tile {
  title: string;
  href: string;
  icon: IconProps.Name;
  count?: keyof TileData;
  description: string;
  switchTo?: ContextSwitch;
}

// The spec's tiles, on their spec routes (the Votings tile's /setuo/voting typo corrected to /setup/polls).
export const PLATFORM_TILES: readonly Tile[] = [
  { title: 'Users', href: '/setup/users', icon: 'user-profile', count: 'user', description: 'Platform users' },
  { title: 'Votings', href: '/setup/polls', icon: 'check', description: 'Polls and elections' },
  {
    title: 'Store',
    href: '/e-shop/products',
    icon: 'share',
    count: 'store',
    description: 'Products in the store',
    switchTo: 'eshop',
  },
  { title: 'GL Accounts', href: '/setup/gl-accounts', icon: 'treeview-expand', description: 'General ledger setup' },
  {
    title: 'Report',
    href: '/reports/consolidated-report',
    icon: 'view-full',
    description: 'Consolidated report',
    switchTo: 'report',
  },
  { title: 'Settings', href: '/setup/cooperatives', icon: 'settings', description: 'Manage cooperatives' },
];

export function PlatformTiles() {
  const { data } = useTileData();
  const follow = useFollow();
  return (
    <ColumnLayout columns={3} minColumnWidth={200}>
      {PLATFORM_TILES.map((tile) => (
        <Container key={tile.title}>
          <SpaceBetween size="xs" direction="horizontal" alignItems="center">
            <Icon name={tile.icon} size="medium" variant="subtle" />
            <Box variant="h2" margin="n">
              <Link
                href={tile.href}
                fontSize="heading-m"
                onFollow={(event) => {
                  if (tile.switchTo) switchMenuContext(tile.switchTo);
                  follow(event);
                }}
              >
                {tile.title}
              </Link>
            </Box>
          </SpaceBetween>
          {tile.count ? (
            <Box variant="awsui-value-large" data-testid={`tile-${tile.count}`}>
              {data ? data[tile.count] : '…'}
            </Box>
          ) : null}
          <Box color="text-body-secondary">{tile.description}</Box>
        </Container>
      ))}
    </ColumnLayout>
  );
}
