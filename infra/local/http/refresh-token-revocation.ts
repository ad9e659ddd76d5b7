/**
 * Cognito's AdminUserGlobalSignOut, which cognito-local lacks: after it, the user's refresh tokens
 * issued before it mint no more tokens. The Cognito proxy sees every answer that issues a refresh
 * token and every sign-out, and numbers them in the order it saw them, so "issued before" needs no
 * clock. A refresh token the proxy never saw issued (one from before this runtime started) counts
 * as older than any sign-out. In memory, like the lockout.
 */
export interface RefreshTokenRevocation {
  /** A sign-in answered with this refresh token. */
  issued(refreshToken: string): void;
  /** Every refresh token of this user issued so far is revoked. */
  signedOut(username: string): void;
  /** Whether this refresh token of this user was issued before the user's latest sign-out. */
  isRevoked(refreshToken: string, username: string): boolean;
}

export function createRefreshTokenRevocation(): RefreshTokenRevocation {
  let sequence = 0;
  const issuedAt = new Map<string, number>();
  const signedOutAt = new Map<string, number>();
  // Usernames are case-insensitive, as the lockout takes them.
  const keyOf = (username: string) => username.trim().toUpperCase();

  return {
    issued(refreshToken) {
      sequence += 1;
      issuedAt.set(refreshToken, sequence);
    },
    signedOut(username) {
      sequence += 1;
      signedOutAt.set(keyOf(username), sequence);
    },
    isRevoked(refreshToken, username) {
      const signOut = signedOutAt.get(keyOf(username));
      return signOut !== undefined && (issuedAt.get(refreshToken) ?? 0) < signOut;
    },
  };
}
