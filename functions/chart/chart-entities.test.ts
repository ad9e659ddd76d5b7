import { describe, expect, it } from 'vitest';
import { nextGlCode } from './chart-entities.ts';

describe('the next GL code of a sub-category', () => {
  it('follows the highest code of the sub-category', () => {
    expect(
      nextGlCode({ code: '101', name: 'Cash and Bank' }, [
        { code: '101001' },
        { code: '101002' },
        { code: '102001' },
        { code: '1010001' },
      ]),
    ).toBe('101003');
  });

  it('starts at 001 and fills no gaps', () => {
    expect(nextGlCode({ code: '205', name: 'New' }, [])).toBe('205001');
    expect(nextGlCode({ code: '101', name: 'Cash' }, [{ code: '101005' }])).toBe('101006');
  });

  it('says when the sub-category is full', () => {
    expect(() => nextGlCode({ code: '101', name: 'Cash and Bank' }, [{ code: '101999' }])).toThrow(
      'No more GL codes are free in the sub-category 101 Cash and Bank',
    );
  });
});
