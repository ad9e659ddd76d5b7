/**
 * A failure a person can fix (Java missing, a port taken). `start.ts` prints the message alone,
 * without a stack trace, because the stack says nothing the message does not.
 */
export class LocalRuntimeError extends Error {
  override readonly name = 'LocalRuntimeError';
}

export class PortInUseError extends LocalRuntimeError {
  constructor(
    readonly port: number,
    readonly purpose: string,
  ) {
    super(`Port ${port} (${purpose}) is already in use. Stop whatever holds it or choose another port.`);
  }
}

/** What a CLI prints for a failure: the message alone when a person can act on it, else the stack. */
export function errorText(error: unknown): string {
  if (error instanceof LocalRuntimeError) return error.message;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}
