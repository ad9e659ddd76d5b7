/** Error codes the API returns, and the one table from code to HTTP status (DESIGN.md section 7). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  DEACTIVATED: 406,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
