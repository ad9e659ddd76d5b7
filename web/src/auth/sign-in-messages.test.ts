import { describe, expect, it } from 'vitest';
import { signInMessage } from './sign-in-messages';

/** An error as Amplify throws it: the Cognito exception's name and message. */
function cognitoError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('the sign-in card message for a Cognito refusal', () => {
  it('tells someone locked out after repeated wrong passwords to wait, not that the password is wrong', () => {
    expect(signInMessage(cognitoError('NotAuthorizedException', 'Password attempts exceeded'))).toBe(
      'Too many attempts; please wait a moment and try again',
    );
  });

  it('still says a wrong password is a wrong login ID or password', () => {
    expect(signInMessage(cognitoError('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Invalid login ID or password',
    );
    expect(signInMessage(cognitoError('InvalidPasswordException', 'Invalid password'))).toBe(
      'Invalid login ID or password',
    );
  });
});
