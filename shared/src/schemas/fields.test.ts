import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  idRef,
  nairaField,
  numberField,
  optionalFlag,
  optionalIdRef,
  optionalNaira,
  optionalNumber,
} from './fields.ts';

const inObject = (schema: z.ZodType) => z.object({ field: schema });

describe('form fields left out of a body', () => {
  // A client may leave an optional field out altogether, not only send it blank.
  it.each([
    ['optionalNumber', optionalNumber(7, { integer: true, min: 1 }), 7],
    ['optionalNaira', optionalNaira(), 0],
    ['optionalIdRef', optionalIdRef(), undefined],
    ['optionalFlag', optionalFlag(), 0],
  ])('lets %s be left out and gives its fallback', (name, schema, fallback) => {
    const missing = inObject(schema).safeParse({});
    expect(missing.success, JSON.stringify(missing.error?.issues)).toBe(true);
    expect(missing.data?.field).toBe(fallback);
    if (name !== 'optionalFlag') expect(inObject(schema).safeParse({ field: null }).data?.field).toBe(fallback);
  });

  it('still checks an optional number that is sent', () => {
    const bad = inObject(optionalNumber(0, { integer: true, min: 1 })).safeParse({ field: '0.5' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Must be a whole number']);
    expect(inObject(optionalNumber(0, { integer: true, min: 1 })).parse({ field: '3' }).field).toBe(3);
    expect(inObject(optionalNaira()).parse({ field: '12.50' }).field).toBe(1250);
  });

  it.each([
    ['idRef', idRef('Select a member')],
    ['nairaField', nairaField('Please enter an amount')],
    ['numberField', numberField('Please enter a number')],
  ])('answers a left-out %s with the form message', (_name, schema) => {
    const messages = inObject(schema)
      .safeParse({})
      .error?.issues.map((i) => i.message);
    expect(messages).toHaveLength(1);
    expect(messages?.[0]).toMatch(/^(Select a member|Please enter an amount|Please enter a number)$/);
  });
});
