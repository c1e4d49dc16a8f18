import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { useForgotPassword } from '../api/passwords';

export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) forgot.mutate(email.trim());
  };

  if (forgot.isSuccess) {
    return (
      <div className="auth-form auth-done" data-testid="forgot-done">
        <span className="auth-done-icon">
          <i className="pi pi-envelope" aria-hidden="true" />
        </span>
        <h1>Check your inbox</h1>
        <p>
          If an account exists for <strong>{email.trim()}</strong>, we sent it a link to choose a new password. The
          link works once, for one hour.
        </p>
        <Link to={paths.auth.login} className="p-button p-component p-button-outlined auth-done-link">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Reset your password">
      <div className="auth-form-head">
        <h1>Forgot your password?</h1>
        <p>Enter the email you sign in with and we will send you a reset link.</p>
      </div>
      <Field id="email" label="Email">
        <InputText id="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" autoFocus />
      </Field>
      <Button type="submit" label="Send reset link" icon="pi pi-send" loading={forgot.isPending} disabled={!email.trim()} />
      <p className="auth-switch">
        Remembered it? <Link to={paths.auth.login}>Back to sign in</Link>
      </p>
    </form>
  );
}
