import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import type { Role } from '@/gql/graphql';
import { ApiError } from '@/lib/api-client';
import { roleLabels } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useCreateUser } from '../api/users';

const PASSWORD_MIN_LENGTH = 8;
const empty = { firstName: '', lastName: '', email: '', password: '', role: 'STAFF' as Role };

export interface CreateUserDialogProps {
  visible: boolean;
  onHide: () => void;
  /** Roles the signed-in user may hand out. */
  roles: Role[];
}

export function CreateUserDialog({ visible, onHide, roles }: CreateUserDialogProps) {
  const [form, setForm] = useState(empty);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateUser();
  const set = <K extends keyof typeof form>(name: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [name]: value }));

  const close = () => {
    setForm(empty);
    setSubmitted(false);
    create.reset();
    onHide();
  };

  const invalid = {
    firstName: !form.firstName.trim() ? 'Required' : null,
    lastName: !form.lastName.trim() ? 'Required' : null,
    email: !/^\S+@\S+\.\S+$/.test(form.email.trim()) ? 'Enter a valid email' : null,
    password: form.password.length < PASSWORD_MIN_LENGTH ? `At least ${PASSWORD_MIN_LENGTH} characters` : null,
  };
  // The server's objection to a field shows until the next attempt.
  const serverField = create.error instanceof ApiError ? create.error.field : undefined;
  const errors = {
    firstName: submitted ? invalid.firstName : null,
    lastName: submitted ? invalid.lastName : null,
    email: (submitted ? invalid.email : null) ?? (serverField === 'email' ? create.error?.message : null),
    password: submitted ? invalid.password : null,
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(invalid).some(Boolean)) return;
    create.mutate(
      { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim(), password: form.password, role: form.role },
      {
        onSuccess: () => {
          notify.success(`${form.firstName.trim()} ${form.lastName.trim()} can now sign in.`);
          close();
        },
      },
    );
  };

  return (
    <Dialog header="Add a user" visible={visible} onHide={close} style={{ width: '32rem' }} breakpoints={{ '640px': '95vw' }} draggable={false}>
      <form onSubmit={onSubmit} className="stack" noValidate aria-label="Add a user">
        <div className="field-row">
          <Field id="new-firstName" label="First name" error={errors.firstName}>
            <InputText id="new-firstName" value={form.firstName} onChange={(e) => set('firstName', e.target.value)} autoFocus />
          </Field>
          <Field id="new-lastName" label="Last name" error={errors.lastName}>
            <InputText id="new-lastName" value={form.lastName} onChange={(e) => set('lastName', e.target.value)} />
          </Field>
        </div>
        <Field id="new-email" label="Email" error={errors.email}>
          <InputText id="new-email" type="email" value={form.email} onChange={(e) => set('email', e.target.value)} autoComplete="off" />
        </Field>
        <Field id="new-password" label="Initial password" error={errors.password} hint="Share it with them; they can change it in Settings.">
          <Password inputId="new-password" value={form.password} onChange={(e) => set('password', e.target.value)} feedback={false} toggleMask autoComplete="new-password" />
        </Field>
        <Field id="new-role" label="Role" hint="Admins manage users, providers and every shop; staff work on the shops assigned to them.">
          <Dropdown
            inputId="new-role"
            value={form.role}
            options={roles.map((r) => ({ label: roleLabels[r], value: r }))}
            onChange={(e) => set('role', e.value as Role)}
          />
        </Field>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" severity="secondary" text onClick={close} />
          <Button type="submit" label="Add user" icon="pi pi-user-plus" loading={create.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
