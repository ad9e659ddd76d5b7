import type { Settings } from './settings';
import { parseSettings } from './settings';

export const SETTINGS_KEY = 'coopledger.settings';

type Listener = () => void;

export interface SettingsStore {
  get: () => Settings;
  subscribe: (listener: Listener) => () => void;
  update: (change: Partial<Settings>) => void;
}

/** Settings belong to the browser, not the account, so they outlive sign-out (spec: remembered per browser). */
export function createSettingsStore(storage: Storage): SettingsStore {
  let settings = parseSettings(readSafely(storage));
  const listeners = new Set<Listener>();
  return {
    get: () => settings,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update: (change) => {
      settings = { ...settings, ...change };
      try {
        storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
      } catch {
        /* storage refused: the choice still applies until the page is closed */
      }
      listeners.forEach((listener) => listener());
    },
  };
}

function readSafely(storage: Storage): string | null {
  try {
    return storage.getItem(SETTINGS_KEY);
  } catch {
    return null;
  }
}

export const settingsStore = createSettingsStore(window.localStorage);
