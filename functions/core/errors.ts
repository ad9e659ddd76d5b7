import type { ErrorCode } from '@coopledger/shared/errors';
import { httpStatusOf } from '@coopledger/shared/errors';

/**
 * The one error type handlers throw. The error middleware renders it as
 * `{ status: false, message, code, errors?, data: null }` with the status from the shared table.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Field-level messages (422), keyed by field name. */
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }

  get statusCode(): number {
    return httpStatusOf(this.code);
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Unauthenticated') => new AppError('UNAUTHORIZED', message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

/** A 422 naming one field, with the spec's message for it. */
export const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: message });
