import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { useLogin } from '../api/login';

export function LoginScreen() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const redirect = params.get('redirect');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Sign in">
      <div className="auth-form-head">
        <h1>Sign in</h1>
        <p>Welcome back. Sign in to manage your shops and orders.</p>
      </div>
      <Field id="email" label="Email">
        <InputText
          id="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
          required
        />
      </Field>
      <Field
        id="password"
        label="Password"
        aside={
          <Link className="field-aside-link" to={paths.auth.forgotPassword}>
            Forgot password?
          </Link>
        }
      >
        <Password
          inputId="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          feedback={false}
          toggleMask
          autoComplete="current-password"
          required
        />
      </Field>
      <Button type="submit" label="Sign in" icon="pi pi-sign-in" loading={login.isPending} disabled={!email || !password} />
      <p className="auth-switch">
        New to Sellerdesk?{' '}
        <Link to={redirect ? `${paths.auth.register}?${new URLSearchParams({ redirect })}` : paths.auth.register}>
          Create an account
        </Link>
      </p>
    </form>
  );
}
