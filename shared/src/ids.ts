/**
 * One rule for every id a request carries (docs/decisions.md 2026-11-25 "Ids and request shape").
 * Ids become parts of DynamoDB keys, whose sizes are limited (2,048 bytes for a partition key, 1,024
 * for a sort key); an id of at most 64 letters, digits, dots, dashes and underscores keeps every
 * key far below those limits and cannot carry a key separator (`#`). The request pipeline checks
 * every field this rule names, in the query and at any depth of a JSON body, before a handler runs.
 */
export const MAX_ID_LENGTH = 64;

const ID_SHAPE = /^[A-Za-z0-9._-]+$/;

export const INVALID_ID_MESSAGE = `Not a valid ID: use at most ${MAX_ID_LENGTH} letters, digits, dots, dashes or underscores`;

/** Ids whose names do not end in `_id`. */
const CODE_IDS: ReadonlySet<string> = new Set(['cooperative_code', 'transaction_code', 'ledger_code', 'gl_code']);

/** Names ending in `_id` that are text people type, not references to a record. */
const NOT_IDS: ReadonlySet<string> = new Set(['staff_id']);

/** Whether a request field is an id by its name: `id`, `*_id`, a GL account (`*_gl`) or one of the code ids. */
export function isIdName(name: string): boolean {
  if (NOT_IDS.has(name)) return false;
  return name === 'id' || name.endsWith('_id') || name.endsWith('_gl') || CODE_IDS.has(name);
}

/**
 * Whether a value may stand in an id field. Blank (absent, null, empty or spaces) passes: whether an
 * id is required is the route's own rule, with its own message. Numbers pass as their text.
 */
export function isValidId(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return Number.isFinite(value) && isValidId(String(value));
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return text === '' || (text.length <= MAX_ID_LENGTH && ID_SHAPE.test(text));
}
