import { describe, expect, it } from 'vitest';
import { maySaveGlSetup } from './dividends';

describe('who may save the dividend GL setup', () => {
  it('lets cooperative admins and super-admins save it and shows it read-only to everyone else', () => {
    expect(maySaveGlSetup('cooperative-admin')).toBe(true);
    expect(maySaveGlSetup('super-admin')).toBe(true);
    expect(maySaveGlSetup('cooperative-accountant')).toBe(false);
    expect(maySaveGlSetup('cooperative-member')).toBe(false);
    expect(maySaveGlSetup(undefined)).toBe(false);
  });
});
