import { useCallback } from 'react';
import { useNavigate } from 'react-router';

interface FollowEvent {
  preventDefault(): void;
  detail: { href?: string; external?: boolean };
}

/**
 * Cloudscape links and menus render real hrefs (so open-in-new-tab works); a plain click is turned
 * into a client-side navigation instead of a page load.
 */
export function useFollow(): (event: FollowEvent) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: FollowEvent) => {
      const { href, external } = event.detail;
      if (external || !href) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
}
