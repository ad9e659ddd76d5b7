import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextActionIn, rescueFocus } from './rescue-focus';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('focus after a dialog closes', () => {
  it('moves a focus lost to the body to the next pending action', () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<div id="results" tabindex="-1"><button aria-label="Approve Ada ₦5,000.00">Approve</button></div>';
    const results = document.getElementById('results');
    rescueFocus(() => nextActionIn(results, /^Approve /));
    vi.advanceTimersByTime(0);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Approve Ada ₦5,000.00');
  });

  it('falls back to the list itself when nothing is left to decide', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="results" tabindex="-1"><button>Export</button></div>';
    const results = document.getElementById('results');
    rescueFocus(() => nextActionIn(results, /^Approve /));
    vi.advanceTimersByTime(0);
    expect(document.activeElement).toBe(results);
  });

  it('leaves a focus that is still on an element where it is, until it is lost', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<button id="kept">Kept</button><div id="results" tabindex="-1"></div>';
    const kept = document.getElementById('kept') as HTMLElement;
    kept.focus();
    rescueFocus(() => document.getElementById('results'));
    vi.advanceTimersByTime(200);
    expect(document.activeElement).toBe(kept);
    kept.remove();
    vi.advanceTimersByTime(100);
    expect(document.activeElement?.id).toBe('results');
  });
});
