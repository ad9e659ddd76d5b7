import Box from '@cloudscape-design/components/box';
import type { Cooperative } from '../../api/cooperatives';
import styles from './shell.module.css';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The top of the sidebar: the active cooperative's logo (or initials) and name on its secondary colour. */
export function CooperativeBand({ cooperative }: { cooperative: Cooperative | undefined }) {
  const name = cooperative?.name ?? 'CoopLedger';
  return (
    <div className={styles.band} data-testid="cooperative-band">
      {cooperative?.logo ? (
        <img className={styles.bandLogo} src={cooperative.logo} alt={`${name} logo`} />
      ) : (
        <span className={styles.bandInitials} aria-hidden="true">
          <Box color="inherit" fontWeight="bold" variant="span">
            {initials(name)}
          </Box>
        </span>
      )}
      <Box color="inherit" fontWeight="bold" variant="span">
        {name}
      </Box>
    </div>
  );
}

export { initials };
