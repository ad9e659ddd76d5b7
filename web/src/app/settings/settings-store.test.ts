import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from './settings';
import { createSettingsStore, SETTINGS_KEY } from './settings-store';

describe('shell settings', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts from the defaults on a new browser', () => {
    expect(createSettingsStore(window.localStorage).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('remembers a change for the next visit', () => {
    // Prepare
    const store = createSettingsStore(window.localStorage);

    // Act
    store.update({ nightMode: true, font: 'Roboto', menuIconStyle: 'C' });

    // Assess
    const nextVisit = createSettingsStore(window.localStorage).get();
    expect(nextVisit).toMatchObject({ nightMode: true, font: 'Roboto', menuIconStyle: 'C', rtl: false });
  });

  it('tells the shell when something changes', () => {
    const store = createSettingsStore(window.localStorage);
    let calls = 0;
    store.subscribe(() => calls++);

    store.update({ rtl: true });

    expect(calls).toBe(1);
  });

  it('keeps the defaults for unknown or damaged values', () => {
    expect(parseSettings('{"font":"Comic Sans","nightMode":"yes","sidebarDark":true}')).toEqual({
      ...DEFAULT_SETTINGS,
      sidebarDark: true,
    });
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
    window.localStorage.setItem(SETTINGS_KEY, '[1,2]');
    expect(createSettingsStore(window.localStorage).get()).toEqual(DEFAULT_SETTINGS);
  });
});
