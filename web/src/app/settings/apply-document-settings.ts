import { applyDensity, applyMode, Density, Mode } from '@cloudscape-design/global-styles';
import type { Settings } from './settings';
import { settingsStore } from './settings-store';

/** The settings that belong to the whole document (sign-in page included): mode, density, direction. */
export function applyDocumentSettings(settings: Settings): void {
  applyMode(settings.nightMode ? Mode.Dark : Mode.Light);
  applyDensity(settings.compact ? Density.Compact : Density.Comfortable);
  document.documentElement.dir = settings.rtl ? 'rtl' : 'ltr';
}

/** Applied once at start-up, and again whenever the settings drawer changes something. */
export function followDocumentSettings(): void {
  applyDocumentSettings(settingsStore.get());
  settingsStore.subscribe(() => applyDocumentSettings(settingsStore.get()));
}
