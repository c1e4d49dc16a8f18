import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { PASSWORD_MIN_LENGTH, useResetPasswordWithToken } from '../api/passwords';

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const reset = useResetPasswordWithToken();

  const tooShort = password.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirm !== password;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (tooShort || mismatch || !token) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          notify.success('Your password has been changed. Sign in with the new one.');
          navigate(paths.auth.login, { replace: true });
        },
      },
    );
  };

  if (!token) {
    return (
      <div className="auth-form">
        <div className="auth-form-head">
          <h1>Reset link missing</h1>
          <p>Open the link from the reset email again, or ask for a new one.</p>
        </div>
        <Link to={paths.auth.forgotPassword} className="p-button p-component auth-done-link">
          Send a new link
        </Link>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <div className="auth-form-head">
        <h1>Choose a new password</h1>
        <p>After this, every device signed in with the old password is signed out.</p>
      </div>
      {reset.isError ? <Message severity="error" text={reset.error.message} className="form-message" /> : null}
      <Field
        id="password"
        label="New password"
        error={submitted && tooShort ? `Use at least ${PASSWORD_MIN_LENGTH} characters` : null}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      >
        <Password inputId="password" value={password} onChange={(e) => setPassword(e.target.value)} toggleMask feedback={false} autoComplete="new-password" autoFocus />
      </Field>
      <Field id="confirm" label="Repeat the new password" error={submitted && mismatch ? 'The passwords differ' : null}>
        <Password inputId="confirm" value={confirm} onChange={(e) => setConfirm(e.target.value)} toggleMask feedback={false} autoComplete="new-password" />
      </Field>
      <Button type="submit" label="Set new password" icon="pi pi-lock" loading={reset.isPending} />
      <p className="auth-switch">
        <Link to={paths.auth.login}>Back to sign in</Link>
      </p>
    </form>
  );
}
