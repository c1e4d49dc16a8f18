import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { PASSWORD_MIN_LENGTH } from '../api/passwords';
import { CLIENT_KEY_PATTERN, useClientKeyTaken, useSignUpClient } from '../api/register';

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(id);
  }, [value, delay]);
  return debounced;
}

/** A key suggestion from the business name: "Acme Prints Co." → "acme-prints-co". */
export function keyFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
}

function KeyStatus({ keyValue }: { keyValue: string }) {
  const debounced = useDebounced(keyValue, 350);
  const check = useClientKeyTaken(debounced);
  if (!keyValue) return null;
  if (!CLIENT_KEY_PATTERN.test(keyValue)) return null;
  if (debounced !== keyValue || check.isFetching) {
    return (
      <span className="key-status" data-state="checking">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Checking…
      </span>
    );
  }
  if (check.isError) {
    return (
      <span className="key-status key-status-bad" data-state="error">
        <i className="pi pi-times-circle" aria-hidden="true" /> {check.error.message}
      </span>
    );
  }
  if (check.data === true) {
    return (
      <span className="key-status key-status-bad" data-state="taken">
        <i className="pi pi-times-circle" aria-hidden="true" /> Already taken
      </span>
    );
  }
  if (check.data === false) {
    return (
      <span className="key-status key-status-ok" data-state="free">
        <i className="pi pi-check-circle" aria-hidden="true" /> Available
      </span>
    );
  }
  return null;
}

export function RegisterScreen() {
  const [form, setForm] = useState({ clientName: '', clientKey: '', firstName: '', lastName: '', email: '', password: '' });
  const [keyEdited, setKeyEdited] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const signUp = useSignUpClient();
  const keyCheck = useClientKeyTaken(form.clientKey);

  const set = (name: keyof typeof form) => (value: string) =>
    setForm((f) => {
      const next = { ...f, [name]: value };
      if (name === 'clientName' && !keyEdited) next.clientKey = keyFromName(value);
      return next;
    });

  const serverField = signUp.error instanceof ApiError ? signUp.error.field : undefined;
  const errors = {
    clientName: submitted && !form.clientName.trim() ? 'Enter your business name' : null,
    clientKey:
      form.clientKey && !CLIENT_KEY_PATTERN.test(form.clientKey)
        ? 'Use 3 to 32 lowercase letters, digits or dashes'
        : submitted && !form.clientKey
          ? 'Choose a key'
          : serverField === 'clientKey'
            ? signUp.error?.message
            : null,
    firstName: submitted && !form.firstName.trim() ? 'Enter your first name' : null,
    lastName: submitted && !form.lastName.trim() ? 'Enter your last name' : null,
    email:
      submitted && !/^\S+@\S+\.\S+$/.test(form.email.trim())
        ? 'Enter a valid email'
        : serverField === 'email'
          ? signUp.error?.message
          : null,
    password:
      submitted && form.password.length < PASSWORD_MIN_LENGTH ? `Use at least ${PASSWORD_MIN_LENGTH} characters` : null,
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const invalid =
      !form.clientName.trim() ||
      !CLIENT_KEY_PATTERN.test(form.clientKey) ||
      !form.firstName.trim() ||
      !form.lastName.trim() ||
      !/^\S+@\S+\.\S+$/.test(form.email.trim()) ||
      form.password.length < PASSWORD_MIN_LENGTH ||
      keyCheck.data === true;
    if (invalid) return;
    signUp.mutate({
      clientName: form.clientName.trim(),
      clientKey: form.clientKey,
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      email: form.email.trim(),
      password: form.password,
    });
  };

  if (signUp.isSuccess) {
    return (
      <div className="auth-form auth-done" data-testid="register-done">
        <span className="auth-done-icon">
          <i className="pi pi-envelope" aria-hidden="true" />
        </span>
        <h1>Check your inbox</h1>
        <p>
          We sent a verification link to <strong>{form.email.trim()}</strong>. Open it to activate{' '}
          <strong>{form.clientName.trim()}</strong>, then sign in.
        </p>
        <Link to={paths.auth.login} className="p-button p-component p-button-outlined auth-done-link">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Create your account">
      <div className="auth-form-head">
        <h1>Create your account</h1>
        <p>Start with the free plan: one shop, no card needed.</p>
      </div>
      <Field id="clientName" label="Business name" error={errors.clientName}>
        <InputText id="clientName" value={form.clientName} onChange={(e) => set('clientName')(e.target.value)} autoFocus />
      </Field>
      <Field
        id="clientKey"
        label="Workspace key"
        error={errors.clientKey}
        hint="Lowercase letters, digits and dashes. It identifies your workspace."
        aside={<KeyStatus keyValue={form.clientKey} />}
      >
        <InputText
          id="clientKey"
          value={form.clientKey}
          onChange={(e) => {
            setKeyEdited(true);
            set('clientKey')(e.target.value.toLowerCase());
          }}
          autoComplete="off"
        />
      </Field>
      <div className="field-row">
        <Field id="firstName" label="First name" error={errors.firstName}>
          <InputText id="firstName" value={form.firstName} onChange={(e) => set('firstName')(e.target.value)} autoComplete="given-name" />
        </Field>
        <Field id="lastName" label="Last name" error={errors.lastName}>
          <InputText id="lastName" value={form.lastName} onChange={(e) => set('lastName')(e.target.value)} autoComplete="family-name" />
        </Field>
      </div>
      <Field id="email" label="Work email" error={errors.email}>
        <InputText id="email" type="email" value={form.email} onChange={(e) => set('email')(e.target.value)} autoComplete="email" />
      </Field>
      <Field id="password" label="Password" error={errors.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
        <Password
          inputId="password"
          value={form.password}
          onChange={(e) => set('password')(e.target.value)}
          toggleMask
          feedback={false}
          autoComplete="new-password"
        />
      </Field>
      <Button type="submit" label="Create account" icon="pi pi-user-plus" loading={signUp.isPending} />
      <p className="auth-switch">
        Already have an account? <Link to={paths.auth.login}>Sign in</Link>
      </p>
    </form>
  );
}
