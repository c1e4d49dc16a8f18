import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { graphqlEndpoint } from '@/config/env';
import { createApiClient, type ApiClient } from './api-client';
import {
  TOKEN_STORAGE_KEY,
  browserTimezone,
  decodeAccessToken,
  readStoredToken,
  sessionFromToken,
  writeStoredToken,
} from './token';

export interface Session {
  /** The stored token when it decodes to a user; null when signed out. */
  token: string | null;
  userId: string | null;
  isAuthenticated: boolean;
  /** The browser's own zone; the user's TIMEZONE setting overrides it (see useTimezone). */
  browserTimezone: string;
  /** Set when the API answered PAYMENT_REQUIRED; shown as a banner until the page reloads. */
  needPayment: boolean;
  setNeedPayment: (value: boolean) => void;
  /** Stores a new token (throws InvalidTokenError when it does not decode). */
  signIn: (token: string) => void;
  /**
   * `user`: the person asked to leave, so the sign-in page gets no redirect back;
   * `revoked`: the API refused the token, so signing in again returns to where they were.
   */
  signOut: (reason?: SignOutReason) => void;
  /** Set by a sign-out the user asked for, until the sign-in page has been reached. */
  signedOutByUser: boolean;
  clearSignedOutByUser: () => void;
  client: ApiClient;
  /** Same endpoint, never a token: for calls a revoked token must not spoil (signing in again). */
  anonymousClient: ApiClient;
  /** The fetch the API client uses, for plain HTTP calls such as uploads to a presigned URL. */
  fetch: typeof fetch;
}

export type SignOutReason = 'user' | 'revoked';

const SessionContext = createContext<Session | null>(null);

export interface SessionProviderProps {
  children: ReactNode;
  endpoint?: string;
  fetch?: typeof fetch;
}

export function SessionProvider({ children, endpoint = graphqlEndpoint, fetch: fetchImpl }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => readStoredToken());
  const [needPayment, setNeedPayment] = useState(false);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const snapshot = useMemo(() => sessionFromToken(token), [token]);
  const activeToken = snapshot?.token ?? null;
  const timezone = useMemo(() => browserTimezone(), []);

  // A stored token that does not decode (or has expired) is an invalid token: the session reads
  // it as signed out (no snapshot), and it is dropped from storage.
  useEffect(() => {
    if (token !== null && snapshot === null) writeStoredToken(null);
  }, [token, snapshot]);

  const signOut = useCallback((reason: SignOutReason = 'user') => {
    setSignedOutByUser(reason === 'user');
    writeStoredToken(null);
    setToken(null);
    setNeedPayment(false);
    // Nothing of the previous user may be shown to whoever signs in next.
    queryClient.clear();
  }, [queryClient]);

  const signIn = useCallback(
    (next: string) => {
      decodeAccessToken(next);
      queryClient.clear();
      setSignedOutByUser(false);
      writeStoredToken(next);
      setNeedPayment(false);
      setToken(next);
    },
    [queryClient],
  );

  // Another tab signing in or out changes this tab's session too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY || event.key === null) {
        queryClient.clear();
        setToken(readStoredToken());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  // A late answer for an old token must not sign out a session that has since changed.
  const tokenRef = useRef(activeToken);
  useLayoutEffect(() => {
    tokenRef.current = activeToken;
  }, [activeToken]);

  const client = useMemo(
    () =>
      // The client calls onUnauthenticated when an answer arrives, never while rendering, so it
      // reads the ref after the layout effect has written it.
      // eslint-disable-next-line react-hooks/refs
      createApiClient({
        endpoint,
        token: activeToken,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
        onUnauthenticated: (used) => {
          if (used !== null && used === tokenRef.current) signOut('revoked');
        },
        onPaymentRequired: () => setNeedPayment(true),
      }),
    [endpoint, activeToken, fetchImpl, signOut],
  );

  const clearSignedOutByUser = useCallback(() => setSignedOutByUser(false), []);

  const anonymousClient = useMemo(
    () => createApiClient({ endpoint, token: null, ...(fetchImpl ? { fetch: fetchImpl } : {}) }),
    [endpoint, fetchImpl],
  );

  const httpFetch = useMemo<typeof fetch>(() => fetchImpl ?? ((input, init) => globalThis.fetch(input, init)), [fetchImpl]);

  const value = useMemo<Session>(
    () => ({
      token: activeToken,
      userId: snapshot?.userId ?? null,
      isAuthenticated: snapshot !== null,
      browserTimezone: timezone,
      needPayment,
      setNeedPayment,
      signIn,
      signOut,
      signedOutByUser,
      clearSignedOutByUser,
      client,
      anonymousClient,
      fetch: httpFetch,
    }),
    [activeToken, snapshot, timezone, needPayment, signIn, signOut, signedOutByUser, clearSignedOutByUser, client, anonymousClient, httpFetch],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

export function useApiClient(): ApiClient {
  return useSession().client;
}
