import { useSyncExternalStore } from 'react';
import type { Settings } from './settings';
import { settingsStore } from './settings-store';

export function useSettings(): Settings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get);
}
