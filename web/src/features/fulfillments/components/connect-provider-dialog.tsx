import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import type { FulfillmentProviderType } from '@/gql/graphql';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useCreateProvider } from '../api/providers';
import { PROVIDER_TYPES, accountLabel, providerLabels } from './labels';
import { credentialErrors, emptyCredentials, providerForms, redact, secretsOf, toProviderInput, type CredentialKey, type CredentialValues } from './provider-forms';

/** The input a server error names (`apiKey`, `input.shopId`, …), when it is one of the form's. */
function fieldOf(error: unknown): CredentialKey | 'name' | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  const last = error.field.split('.').pop();
  return last === 'apiKey' || last === 'apiSecret' || last === 'shopId' || last === 'baseUrl' || last === 'name' ? last : null;
}

/**
 * Connects one provider account. The server checks the credentials with a live call before it
 * saves them; its answer shows here. Credentials leave the form (and memory) once it closes,
 * and nothing the server sends back contains them.
 */
export function ConnectProviderDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const [provider, setProvider] = useState<FulfillmentProviderType>('PRINTIFY');
  const [name, setName] = useState('');
  const [values, setValues] = useState<CredentialValues>(emptyCredentials);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateProvider();
  const form = providerForms[provider];

  const close = () => {
    setProvider('PRINTIFY');
    setValues(emptyCredentials);
    setName('');
    setSubmitted(false);
    create.reset();
    onHide();
  };

  const choose = (next: FulfillmentProviderType) => {
    setProvider(next);
    // One provider's key means nothing to another.
    setValues(emptyCredentials);
    setSubmitted(false);
    create.reset();
  };

  const local = credentialErrors(provider, values);
  const serverField = fieldOf(create.error);
  // The server never repeats a credential; should a provider's words ever do, they are masked here too.
  const serverMessage = create.error ? redact(errorMessage(create.error), secretsOf(provider, values)) : null;
  const fieldError = (key: CredentialKey) => (submitted ? local[key] : null) ?? (serverField === key ? serverMessage : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(local).length > 0) return;
    create.mutate(toProviderInput(provider, name, values), {
      onSuccess: (account) => {
        notify.success(`${accountLabel(account)} is connected.`);
        close();
      },
    });
  };

  return (
    <Dialog header="Connect a provider" visible={visible} onHide={close} style={{ width: '34rem' }} breakpoints={{ '640px': '95vw' }} draggable={false}>
      <form onSubmit={onSubmit} className="stack" noValidate aria-label="Connect a provider" data-testid="connect-provider-form" autoComplete="off">
        <Field id="provider-type" label="Provider">
          <Dropdown
            inputId="provider-type"
            value={provider}
            options={PROVIDER_TYPES.map((p) => ({ value: p, label: providerLabels[p] }))}
            onChange={(e) => choose(e.value as FulfillmentProviderType)}
            data-testid="provider-type"
          />
        </Field>
        <p className="muted small">{form.intro}</p>
        {create.error && !serverField ? (
          <Message severity="error" text={serverMessage} data-testid="connect-error" />
        ) : null}
        {form.fields.map((f) => {
          const id = `provider-${f.key}`;
          const set = (v: string) => setValues((old) => ({ ...old, [f.key]: v }));
          return (
            <Field key={`${provider}-${f.key}`} id={id} label={f.label} error={fieldError(f.key)} hint={f.hint}>
              {f.secret ? (
                <Password
                  inputId={id}
                  value={values[f.key]}
                  onChange={(e) => set(e.target.value)}
                  feedback={false}
                  toggleMask
                  autoComplete="new-password"
                  inputClassName="w-full"
                  className="w-full"
                />
              ) : (
                <InputText id={id} value={values[f.key]} onChange={(e) => set(e.target.value)} placeholder={f.placeholder} autoComplete="off" spellCheck={false} />
              )}
            </Field>
          );
        })}
        <Field id="provider-name" label="Name (optional)" hint="To tell two accounts at the same provider apart." error={serverField === 'name' ? serverMessage : null}>
          <InputText id="provider-name" value={name} onChange={(e) => setName(e.target.value)} placeholder={`${providerLabels[provider]} main account`} />
        </Field>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" severity="secondary" text onClick={close} />
          <Button type="submit" label={create.isPending ? 'Checking…' : 'Connect'} icon="pi pi-link" loading={create.isPending} data-testid="connect-submit" />
        </div>
      </form>
    </Dialog>
  );
}
