import { describe, expect, it } from 'vitest';
import { warmUpSignIn } from './warm-up';

describe('the sign-in warm-up', () => {
  it('loads what a sign-in needs once, when the browser is idle, and ignores a failed load', async () => {
    const idle: (() => void)[] = [];
    const loaded: string[] = [];
    const loads = [
      () => Promise.resolve(loaded.push('amplify')),
      () => Promise.reject(new Error('offline')),
      () => Promise.resolve(loaded.push('shell')),
    ];
    warmUpSignIn((run) => idle.push(run), loads);
    // Nothing before the browser is idle.
    expect(loaded).toEqual([]);
    // A second sign-in page of the same load (back from Forgot password) starts nothing more.
    warmUpSignIn((run) => idle.push(run), loads);
    expect(idle).toHaveLength(1);
    idle[0]();
    await Promise.resolve();
    expect(loaded).toEqual(['amplify', 'shell']);
  });
});
