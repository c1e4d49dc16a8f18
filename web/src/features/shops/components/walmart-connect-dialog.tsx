import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useConnectWalmartShop } from '../api/shops';

interface Draft {
  clientId: string;
  clientSecret: string;
  name: string;
}

const empty: Draft = { clientId: '', clientSecret: '', name: '' };

/**
 * Connects a Walmart shop by the API key pair the seller creates in Seller Center (Walmart has no
 * consent page for sellers' own keys). The server checks the pair with a token call before it
 * keeps anything; a refused pair comes back on the secret's field.
 */
export function WalmartConnectDialog({ visible, onHide, onConnected }: { visible: boolean; onHide: () => void; onConnected?: (shop: { id: string; name: string }) => void }) {
  const [draft, setDraft] = useState<Draft>(empty);
  const [submitted, setSubmitted] = useState(false);
  const connect = useConnectWalmartShop();

  // Each opening starts blank: a secret is not kept in the form after the dialog closes.
  const [shown, setShown] = useState(visible);
  if (shown !== visible) {
    setShown(visible);
    if (visible) {
      setDraft(empty);
      setSubmitted(false);
    }
  }
  const { reset } = connect;
  useEffect(() => {
    if (visible) reset();
  }, [visible, reset]);

  const set = (k: keyof Draft, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const invalid = {
    clientId: !draft.clientId.trim() ? 'Required' : draft.clientId.trim().length > 200 ? 'At most 200 characters' : null,
    clientSecret: !draft.clientSecret.trim() ? 'Required' : draft.clientSecret.trim().length > 500 ? 'At most 500 characters' : null,
    name: draft.name.trim().length > 120 ? 'At most 120 characters' : null,
  };
  const server = connect.error instanceof ApiError ? connect.error : null;
  const serverFor = (field: keyof Draft) => (server?.field === field ? server.message : null);
  const errors = {
    clientId: (submitted ? invalid.clientId : null) ?? serverFor('clientId'),
    clientSecret: (submitted ? invalid.clientSecret : null) ?? serverFor('clientSecret'),
    name: (submitted ? invalid.name : null) ?? serverFor('name'),
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    connect.reset();
    if (invalid.clientId || invalid.clientSecret || invalid.name) return;
    const name = draft.name.trim();
    connect.mutate(
      { clientId: draft.clientId.trim(), clientSecret: draft.clientSecret.trim(), ...(name ? { name } : {}) },
      {
        onSuccess: (shop) => {
          notify.success(`${shop.name} is connected. Its products and orders are syncing now.`);
          onConnected?.(shop);
          onHide();
        },
      },
    );
  };

  return (
    <Dialog header="Connect a Walmart shop" visible={visible} onHide={onHide} style={{ width: '32rem' }} breakpoints={{ '640px': '95vw' }} draggable={false}>
      <form onSubmit={onSubmit} className="stack" noValidate aria-label="Connect a Walmart shop" data-testid="walmart-connect-dialog">
        <p className="muted">
          In Walmart Seller Center, open <strong>Settings › API Key Management</strong> and create a key for Sellerdesk. Paste its client id and client secret here; the
          secret is stored encrypted and never shown again.
        </p>
        <Field id="walmart-client-id" label="Client id" error={errors.clientId}>
          <InputText id="walmart-client-id" value={draft.clientId} onChange={(e) => set('clientId', e.target.value)} autoComplete="off" spellCheck={false} autoFocus />
        </Field>
        <Field id="walmart-client-secret" label="Client secret" error={errors.clientSecret}>
          <Password
            inputId="walmart-client-secret"
            value={draft.clientSecret}
            onChange={(e) => set('clientSecret', e.target.value)}
            feedback={false}
            toggleMask
            autoComplete="new-password"
            className="w-full"
            inputClassName="w-full"
            invalid={!!errors.clientSecret}
          />
        </Field>
        <Field id="walmart-name" label="Name (optional)" error={errors.name} hint="How the shop is called in Sellerdesk; by default Walmart and the start of the client id.">
          <InputText id="walmart-name" value={draft.name} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" severity="secondary" text onClick={onHide} />
          <Button type="submit" label="Connect" icon="pi pi-link" loading={connect.isPending} data-testid="walmart-connect-submit" />
        </div>
      </form>
    </Dialog>
  );
}
