import { useEffect } from 'react';
import type { Settings } from '../settings/settings';
import type { CooperativeColors } from './cooperative-colors';
import type { ShellPalette } from './contrast';
import { headerBackground, shellTheme } from './shell-theme';

/**
 * Adds CSS to the document as a constructed stylesheet, after its own, and returns how to take it
 * off. Cloudscape's applyTheme writes a <style> element instead, which the site's
 * Content-Security-Policy (styles from the site's files only) refuses; a constructed stylesheet is
 * the CSS object model, which the policy allows.
 */
function adoptStylesheet(css: string): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  };
}

/**
 * Paints Cloudscape with the cooperative's colours and the chosen font, and exposes the colours as
 * CSS variables for the header band, its "More" menu on a phone (top-bar-menu.css) and the sidebar.
 * Undone when the shell unmounts (sign-out), so the sign-in page is back to the defaults. The theming
 * runtime carries every design token, so it is loaded on its own rather than inside the shell's chunk.
 */
export function useShellTheme(palette: ShellPalette, colors: CooperativeColors, font: Settings['font']): void {
  const { primary, secondary } = colors;
  const key = JSON.stringify(palette);
  useEffect(() => {
    const chosen = JSON.parse(key) as ShellPalette;
    const root = document.documentElement.style;
    root.setProperty('--coop-primary', primary);
    root.setProperty('--coop-secondary', secondary);
    root.setProperty('--coop-primary-text', chosen.primaryText);
    root.setProperty('--coop-secondary-text', chosen.secondaryText);
    root.setProperty('--coop-accent', chosen.accentOnWhite);
    root.setProperty('--coop-header-background', headerBackground(chosen));
    root.setProperty('--coop-header-text', chosen.headerText);
    let reset: (() => void) | undefined;
    let cancelled = false;
    void import('@cloudscape-design/components/theming').then(({ generateThemeStylesheet }) => {
      if (cancelled) return;
      reset = adoptStylesheet(generateThemeStylesheet({ theme: shellTheme(chosen, { font }) }));
    });
    return () => {
      cancelled = true;
      reset?.();
      for (const name of [
        '--coop-primary',
        '--coop-secondary',
        '--coop-primary-text',
        '--coop-secondary-text',
        '--coop-accent',
        '--coop-header-background',
        '--coop-header-text',
      ])
        root.removeProperty(name);
    };
  }, [key, primary, secondary, font]);
}
