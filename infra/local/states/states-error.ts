/**
 * A client error of the Step Functions API: answered with 400 and `__type` set to `type`, which the
 * SDK turns into the exception class of that name (ExecutionAlreadyExists, InvalidArn, ...).
 */
export class StatesError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}
