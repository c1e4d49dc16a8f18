import { InvalidTokenError, jwtDecode } from 'jwt-decode';
import type { Role } from '@/gql/graphql';

export const TOKEN_STORAGE_KEY = 'sellerdesk:access-token';

/** Claims the API puts in its access tokens (see DESIGN.md §5). */
export interface AccessTokenClaims {
  sub: string;
  cid?: string;
  role?: Role;
  tv?: number;
  iat?: number;
  exp?: number;
}

export { InvalidTokenError };

/**
 * Decodes an access token without verifying it (only the server can). Throws InvalidTokenError
 * for anything that is not three dot-separated base64url parts or carries no subject.
 */
export function decodeAccessToken(token: string): AccessTokenClaims {
  if (token.split('.').length !== 3) {
    throw new InvalidTokenError('Invalid token specified: must be three dot-separated parts');
  }
  const claims = jwtDecode<Partial<AccessTokenClaims>>(token);
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw new InvalidTokenError('Invalid token specified: no subject');
  }
  return claims as AccessTokenClaims;
}

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): behave as signed out.
    return null;
  }
}

export function writeStoredToken(token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    else window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    /* see readStoredToken */
  }
}

export interface SessionSnapshot {
  token: string;
  userId: string;
  claims: AccessTokenClaims;
}

/**
 * The session a stored token stands for, or null when signed out. An undecodable or expired token
 * counts as signed out; the caller decides whether to clear it.
 */
export function sessionFromToken(token: string | null, now: number = Date.now()): SessionSnapshot | null {
  if (!token) return null;
  try {
    const claims = decodeAccessToken(token);
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) return null;
    return { token, userId: claims.sub, claims };
  } catch (error) {
    if (error instanceof InvalidTokenError) return null;
    throw error;
  }
}

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
