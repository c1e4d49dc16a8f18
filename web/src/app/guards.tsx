import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { canAccess, useCurrentUser, type Access } from '@/lib/auth';
import { notify } from '@/lib/notify';
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

/** Why a signed-in user was sent away from a screen, in words they read. */
export const bounceNotices: Record<Exclude<Access, 'signedIn'>, string> = {
  admin: 'That screen is for the admins of your account, so you are back on the dashboard.',
  superAdmin: 'That screen is for the platform’s operators, so you are back on the dashboard.',
  promotions: 'Promotions are not turned on for your account, so you are back on the dashboard.',
};

/**
 * Sends a user away from a screen that is not for them, and says so: landing on the dashboard
 * without a word reads as a broken link (issue 21).
 */
function Bounce({ access, to }: { access: Access; to: string }) {
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (!told.current && access !== 'signedIn') {
      told.current = true;
      const text = bounceNotices[access];
      notify.warn(to === paths.dashboard ? text : text.replace(', so you are back on the dashboard', ''), { summary: 'Not available' });
    }
    void navigate(to, { replace: true });
  }, [access, to, navigate]);
  return <PageSpinner />;
}

/** A signed-in route that needs a role or the promotions feature. */
export function RequireAccess({ access }: { access: Access }) {
  const { data: user } = useCurrentUser();
  const target = useBounceTarget();
  if (!user) return <PageSpinner />;
  if (!canAccess(user, access)) return <Bounce access={access} to={target} />;
  return <Outlet />;
}
