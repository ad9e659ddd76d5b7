import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberCreateSchema } from '@coopledger/shared/schemas/members';
import { requiredFields } from './required-fields';

describe('required fields of a schema', () => {
  it('names the fields whose rule refuses a missing value', () => {
    const schema = z.object({ name: z.string(), nickname: z.string().optional(), age: z.number().nullish() });
    expect([...requiredFields(schema)]).toEqual(['name']);
  });

  it("marks the member form's names and leaves the middle name and official email optional", () => {
    const required = requiredFields(memberCreateSchema);
    for (const name of ['firstname', 'lastname', 'email', 'nok_name']) expect(required.has(name)).toBe(true);
    for (const name of ['middlename', 'official_email']) expect(required.has(name)).toBe(false);
  });

  it('names none for a schema that is not an object', () => {
    expect(requiredFields(z.string()).size).toBe(0);
  });
});
