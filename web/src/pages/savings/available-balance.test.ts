import { describe, expect, it } from 'vitest';
import { availableBalance } from './savings-helpers';

describe('the available balance of a plan past what a number holds', () => {
  it('is the balance less the lien to the kobo', () => {
    expect(availableBalance({ balance: '90081992547409.92', lien: 0.02 })).toBe('90081992547409.90');
  });
});
