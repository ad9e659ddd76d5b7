import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useFollow } from '../../app/navigation/use-follow';
import styles from './error-page.module.css';

interface ErrorPageProps {
  code: string;
  message: string;
  /** Inside the shell, whose layout already provides the main landmark and the height. */
  embedded?: boolean;
}

/** The 404 and 500 pages: the code, the spec's sentence and a way back to the start. */
export function ErrorPage({ code, message, embedded = false }: ErrorPageProps) {
  const follow = useFollow();
  const content = (
    <SpaceBetween size="m" alignItems="center">
      <Box variant="h1" fontSize="display-l" fontWeight="bold">
        {code}
      </Box>
      <Box variant="p" fontSize="heading-s" textAlign="center">
        {message}
      </Box>
      <Link href="/" onFollow={follow} variant="primary">
        Go back
      </Link>
    </SpaceBetween>
  );
  if (embedded) return <div className={styles.embedded}>{content}</div>;
  return <main className={styles.page}>{content}</main>;
}
