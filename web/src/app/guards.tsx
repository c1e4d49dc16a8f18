import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { canAccess, useCurrentUser, type Access } from '@/lib/auth';
import { loginPathFor, safeRedirectPath } from '@/lib/safe-redirect';
import { useSession } from '@/lib/session';

/**
 * Where a signed-in user goes when the current route is not for them: the `redirect` parameter
 * when it is a same-origin path other than the current one, else the dashboard.
 */
function useBounceTarget(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const target = safeRedirectPath(params.get('redirect'));
  if (target && new URL(target, window.location.origin).pathname !== location.pathname) return target;
  return paths.dashboard;
}

/** Sign-in, sign-up and password screens: only for visitors. */
export function PublicOnly() {
  const { isAuthenticated, signedOutByUser, clearSignedOutByUser } = useSession();
  const target = useBounceTarget();
  useEffect(() => {
    if (!isAuthenticated && signedOutByUser) clearSignedOutByUser();
  }, [isAuthenticated, signedOutByUser, clearSignedOutByUser]);
  if (isAuthenticated) return <Navigate to={target} replace />;
  return <Outlet />;
}

/** Everything behind sign-in; waits for the current user so role checks below are exact. */
export function RequireAuth() {
  const { isAuthenticated, signOut, signedOutByUser } = useSession();
  const location = useLocation();
  const me = useCurrentUser();
  if (!isAuthenticated) {
    // Someone who just signed out wants the sign-in page, not a way back to this screen.
    if (signedOutByUser) return <Navigate to={paths.auth.login} replace />;
    return <Navigate to={loginPathFor(paths.auth.login, `${location.pathname}${location.search}`)} replace />;
  }
  if (me.isPending) return <PageSpinner label="Loading your account" />;
  if (me.isError) {
    // UNAUTHENTICATED already signed the session out; the next render redirects.
    if (me.error instanceof ApiError && me.error.hasCode('UNAUTHENTICATED')) return <PageSpinner />;
    return (
      <div className="fullpage-message" role="alert">
        <i className="pi pi-exclamation-circle" aria-hidden="true" />
        <h1>We could not load your account</h1>
        <p>{me.error.message}</p>
        <div className="row-gap">
          <Button label="Try again" icon="pi pi-refresh" onClick={() => void me.refetch()} />
          <Button label="Sign out" severity="secondary" text onClick={() => signOut('user')} />
        </div>
      </div>
    );
  }
  return <Outlet />;
}

/** A signed-in route that needs a role or the promotions feature. */
export function RequireAccess({ access }: { access: Access }) {
  const { data: user } = useCurrentUser();
  const target = useBounceTarget();
  if (!user) return <PageSpinner />;
  if (!canAccess(user, access)) return <Navigate to={target} replace />;
  return <Outlet />;
}
