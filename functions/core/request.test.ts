import { describe, expect, it } from 'vitest';
import { INVALID_ID_MESSAGE } from '@coopledger/shared/ids';
import { AppError } from './errors.ts';
import type { ApiEvent } from './request.ts';
import { MAX_FORM_PARTS, MAX_JSON_DEPTH, nestedDeeperThan, parseInput } from './request.ts';

function event(options: {
  query?: Record<string, string>;
  json?: string;
  body?: Buffer;
  contentType?: string;
}): ApiEvent {
  const raw = options.body ?? (options.json === undefined ? undefined : Buffer.from(options.json));
  return {
    queryStringParameters: options.query,
    headers: { 'content-type': options.contentType ?? 'application/json' },
    body: raw?.toString('base64'),
    isBase64Encoded: true,
  } as unknown as ApiEvent;
}

async function refusal(action: () => Promise<unknown>): Promise<AppError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

const nested = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;

describe('nestedDeeperThan', () => {
  it('measures the nesting of objects and arrays', () => {
    expect(nestedDeeperThan(nested(3), 3)).toBe(false);
    expect(nestedDeeperThan(nested(4), 3)).toBe(true);
    expect(nestedDeeperThan('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
    expect(nestedDeeperThan('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestedDeeperThan(JSON.stringify({ text: '[[[[{{{{', quoted: 'say \\"[[[[\\" twice' }), 1)).toBe(false);
  });
});

describe('parseInput', () => {
  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} with 422 before parsing it`, async () => {
    const error = await refusal(() => parseInput(event({ json: `{"cooperative_id":${nested(5000)}}` })));
    expect(error.statusCode).toBe(422);
    expect((await parseInput(event({ json: `{"a":${nested(MAX_JSON_DEPTH - 1)}}` }))).body.a).toBeDefined();
  });

  it('refuses an oversize id in the query, naming the field', async () => {
    const error = await refusal(() => parseInput(event({ query: { id: 'A'.repeat(3000), page: '1' } })));
    expect(error.statusCode).toBe(422);
    expect(error.fields).toEqual({ id: INVALID_ID_MESSAGE });
  });

  it('refuses ids anywhere in a JSON body, by their path, and ids that are not text', async () => {
    const body = {
      loan_id: 'L#1',
      lines: [{ gl_code: '10101' }, { gl_code: 'X'.repeat(100) }],
      cooperative_id: [['x']],
    };
    const error = await refusal(() => parseInput(event({ json: JSON.stringify(body) })));
    expect(error.fields).toEqual({
      loan_id: INVALID_ID_MESSAGE,
      'lines.1.gl_code': INVALID_ID_MESSAGE,
      cooperative_id: INVALID_ID_MESSAGE,
    });
  });

  it("holds the route's declared ids to the rule, at the top level", async () => {
    expect((await refusal(() => parseInput(event({ query: { with: 'A'.repeat(65) } }), ['with']))).fields).toEqual({
      with: INVALID_ID_MESSAGE,
    });
    expect(
      (await parseInput(event({ json: JSON.stringify({ note: { with: 'free text here' } }) }), ['with'])).body.note,
    ).toEqual({ with: 'free text here' });
  });

  it('lets well-formed and blank ids, numbers and the staff ID people type through', async () => {
    const body = { coop_id: 'DEMO0001', bank_id: 3, member_id: '', department_id: null, staff_id: 'EMP/2024 001' };
    expect((await parseInput(event({ query: { id: 'DEMO0001' }, json: JSON.stringify(body) }))).body).toEqual(body);
  });

  it(`refuses a form with more than ${MAX_FORM_PARTS} fields`, async () => {
    const form = new FormData();
    for (let i = 0; i <= MAX_FORM_PARTS; i++) form.append(`field${i}`, 'x');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const error = await refusal(() =>
      parseInput(event({ body, contentType: request.headers.get('content-type') ?? '' })),
    );
    expect(error.statusCode).toBe(422);
  });

  it('refuses an oversize id in a form field', async () => {
    const form = new FormData();
    form.append('coop_id', 'A'.repeat(3000));
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    expect(
      (await refusal(() => parseInput(event({ body, contentType: request.headers.get('content-type') ?? '' })))).fields,
    ).toEqual({ coop_id: INVALID_ID_MESSAGE });
  });
});
