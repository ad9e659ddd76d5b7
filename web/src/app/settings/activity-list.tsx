import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useActivity } from '../../api/auth';
import { formatDateTime } from '../../format/dates';

/** The Activity tab: what the signed-in user did lately, newest first. */
export function ActivityList({ active }: { active: boolean }) {
  const { data, isPending, isError } = useActivity(active);
  if (isPending) return <Spinner size="normal" />;
  if (isError) return <Box color="text-status-error">Your activity could not be loaded.</Box>;
  if (data.length === 0) {
    return (
      <Box textAlign="center" color="inherit">
        <b>No activity yet</b>
        <Box variant="p" color="inherit">
          Your changes will be listed here.
        </Box>
      </Box>
    );
  }
  return (
    <ul aria-label="Recent activity" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      <SpaceBetween size="s">
        {data.map((item) => (
          <li key={`${item.at}-${item.path}`}>
            <Box fontWeight="bold">{item.action}</Box>
            <Box variant="small" color="text-body-secondary">
              {formatDateTime(item.at)} · {item.method} {item.path}
            </Box>
          </li>
        ))}
      </SpaceBetween>
    </ul>
  );
}
