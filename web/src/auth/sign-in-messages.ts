// Cognito's exception names, in the words the sign-in card shows.
const SIGN_IN_MESSAGES: Record<string, string> = {
  NotAuthorizedException: 'Invalid login ID or password',
  UserNotFoundException: 'Invalid login ID or password',
  InvalidPasswordException: 'Invalid login ID or password',
  PasswordResetRequiredException: 'Your password must be reset; use Forgot password',
  UserNotConfirmedException: 'Your account is not confirmed yet. Please contact your cooperative.',
  TooManyRequestsException: 'Too many attempts; please wait a moment and try again',
  LimitExceededException: 'Too many attempts; please wait a moment and try again',
  NetworkError: 'Unable to reach the server. Check your connection and try again.',
};

/** What the sign-in card says for an error Amplify throws. */
export function signInMessage(error: unknown): string {
  // Cognito's lockout after repeated wrong passwords is a NotAuthorizedException that says so.
  if (error instanceof Error && /attempts exceeded/i.test(error.message))
    return SIGN_IN_MESSAGES.TooManyRequestsException;
  const name = error instanceof Error ? error.name : '';
  if (SIGN_IN_MESSAGES[name]) return SIGN_IN_MESSAGES[name];
  // A disabled user is a NotAuthorizedException whose message says so.
  if (error instanceof Error && /disabled/i.test(error.message))
    return 'Your account has been deactivated. Please contact your cooperative.';
  return error instanceof Error && error.message ? error.message : 'Unable to sign in. Please try again.';
}
