import { describe, expect, it } from 'vitest';
import { clampStep } from './member-wizard';
import { tabOfHash } from './members-page';
import { registrationLink } from './pending-members-page';

describe('members screens', () => {
  it('selects the tab from the URL hash', () => {
    expect(tabOfHash('#form')).toBe('form');
    expect(tabOfHash('#import')).toBe('import');
    expect(tabOfHash('#inactive')).toBe('inactive');
    expect(tabOfHash('')).toBe('list');
    expect(tabOfHash('#anything')).toBe('list');
  });

  it('keeps the wizard step within 0..4', () => {
    expect(clampStep(-3)).toBe(0);
    expect(clampStep(2)).toBe(2);
    expect(clampStep(9)).toBe(4);
    expect(clampStep(Number.NaN)).toBe(0);
  });

  it('builds the registration link from the site and the cooperative code', () => {
    expect(registrationLink('https://app.example', 'DEMO')).toBe('https://app.example/register?coop=DEMO');
  });
});

describe('import errors', () => {
  it('shows the message of a workflow failure, not its trace', async () => {
    const { readableImportError } = await import('../../components/imports/import-page');
    expect(
      readableImportError('{"errorType":"AppError","errorMessage":"The login ID X is already taken","trace":["at a"]}'),
    ).toBe('The login ID X is already taken');
    expect(readableImportError('Row 2 is wrong')).toBe('Row 2 is wrong');
  });
});
