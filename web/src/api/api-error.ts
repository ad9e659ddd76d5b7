/** A failed call, carrying the server's own message so screens can show it as it is. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly code: string | undefined;
  /** Field-level messages of a 422, keyed by field name. */
  readonly fieldErrors: Record<string, string>;

  constructor(message: string, status: number, code?: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return FALLBACK_MESSAGE;
}

export const FALLBACK_MESSAGE = 'Something went wrong. Unable to process request';
export const NETWORK_MESSAGE = 'Unable to reach the server. Check your connection and try again.';
