/**
 * The readable part of a failed task, for the person who uploaded the file: Lambda reports a task's
 * error as JSON whose errorMessage is the error's message (the service's messages are written for
 * people); the stack and file paths are never shown.
 */
export function failureMessage(failure: { Error?: string; Cause?: string }): string {
  let message = '';
  try {
    const cause = JSON.parse(failure.Cause ?? '') as { errorMessage?: unknown };
    if (typeof cause.errorMessage === 'string') message = cause.errorMessage;
  } catch {
    message = '';
  }
  if (!message || message.length > 400) message = 'A step of the run failed';
  return `The run stopped: ${message.replace(/\.?$/, '.')}`;
}
