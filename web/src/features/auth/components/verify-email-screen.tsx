import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useVerifyClient } from '../api/verify';

export function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyClient();
  const { isAuthenticated } = useSession();
  const started = useRef(false);

  // Tokens are single-use: send it exactly once, even when React mounts effects twice.
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next = isAuthenticated ? paths.dashboard : paths.auth.login;
  const nextLabel = isAuthenticated ? 'Go to dashboard' : 'Sign in';

  if (!token || verify.isError) {
    return (
      <div className="auth-form auth-done" data-testid="verify-failed">
        <span className="auth-done-icon auth-done-icon-bad">
          <i className="pi pi-times" aria-hidden="true" />
        </span>
        <h1>We could not verify your email</h1>
        <p>{token ? verify.error?.message : 'The verification link is incomplete.'} The link may have been used already or expired.</p>
        <Link to={next} className="p-button p-component p-button-outlined auth-done-link">
          {nextLabel}
        </Link>
      </div>
    );
  }

  if (verify.isSuccess) {
    return (
      <div className="auth-form auth-done" data-testid="verify-done">
        <span className="auth-done-icon auth-done-icon-ok">
          <i className="pi pi-check" aria-hidden="true" />
        </span>
        <h1>Your email is verified</h1>
        <p>Your workspace is active. You can sign in now.</p>
        <Link to={next} className="p-button p-component auth-done-link">
          {nextLabel}
        </Link>
      </div>
    );
  }

  return (
    <div className="auth-form auth-done" role="status">
      <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
      <h1>Verifying your email…</h1>
    </div>
  );
}
