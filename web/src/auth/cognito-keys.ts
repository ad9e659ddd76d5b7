// Amplify keeps the user pool tokens under keys with this prefix.
export const COGNITO_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * Removes Amplify's tokens from both storages without loading Amplify, so that a session ended by
 * the server (401, 406) leaves nothing behind that could sign the next visitor in.
 */
export function clearCognitoKeys(storages: Storage[] = [window.localStorage, window.sessionStorage]): void {
  for (const storage of storages) {
    try {
      for (const key of Object.keys(storage)) {
        if (key.startsWith(COGNITO_KEY_PREFIX)) storage.removeItem(key);
      }
    } catch {
      /* storage unavailable: nothing was kept there */
    }
  }
}
