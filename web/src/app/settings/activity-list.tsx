import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useActivity } from '../../api/auth';
import { formatDateTime } from '../../format/dates';

/** An action in words, with how many times in a row it was done ("Signed in (3 times)"). */
export const activityText = (item: { action: string; count?: number }) =>
  item.count ? `${item.action} (${item.count} times)` : item.action;

/** The Activity tab: what the signed-in user did lately, newest first, in the person's own words. */
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
            <Box fontWeight="bold">{activityText(item)}</Box>
            <Box variant="small" color="text-body-secondary">
              {item.count ? `Last ${formatDateTime(item.at)}` : formatDateTime(item.at)}
            </Box>
          </li>
        ))}
      </SpaceBetween>
    </ul>
  );
}
