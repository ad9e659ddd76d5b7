import { useEffect } from 'react';
import type { Settings } from '../settings/settings';
import type { CooperativeColors } from './cooperative-colors';
import { shellTheme } from './shell-theme';

/**
 * Paints Cloudscape with the cooperative's colours and the chosen font, and exposes the colours as
 * CSS variables for the header band and sidebar. Undone when the shell unmounts (sign-out), so the
 * sign-in page is back to the defaults. The theming runtime carries every design token, so it is
 * loaded on its own rather than inside the shell's chunk.
 */
export function useShellTheme(colors: CooperativeColors, font: Settings['font']): void {
  const { primary, secondary } = colors;
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--coop-primary', primary);
    root.setProperty('--coop-secondary', secondary);
    let reset: (() => void) | undefined;
    let cancelled = false;
    void import('@cloudscape-design/components/theming').then(({ applyTheme }) => {
      if (cancelled) return;
      reset = applyTheme({ theme: shellTheme({ primary, secondary }, { font }) }).reset;
    });
    return () => {
      cancelled = true;
      reset?.();
      root.removeProperty('--coop-primary');
      root.removeProperty('--coop-secondary');
    };
  }, [primary, secondary, font]);
}
