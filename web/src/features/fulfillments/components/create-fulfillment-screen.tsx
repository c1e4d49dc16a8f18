import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { LinesSkeleton } from '@/components/ui/skeletons';
import { paths } from '@/config/paths';
import { canAccess, useCurrentUser } from '@/lib/auth';
import { usePreference } from '@/lib/preferences';
import { useProviderOptions } from '../api/providers';
import { FromOrdersForm } from './from-orders-form';
import { accountLabel } from './labels';
import { ManualForm } from './manual-form';

/** The most orders one send takes (the order desk's largest page). */
export const MAX_ORDERS = 100;

/** `?orderIds=a,b`: distinct ids, at most MAX_ORDERS. */
export function orderIdsOf(value: string | null): { ids: string[]; dropped: number } {
  const all = [...new Set((value ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  return { ids: all.slice(0, MAX_ORDERS), dropped: Math.max(0, all.length - MAX_ORDERS) };
}

type Mode = 'orders' | 'manual';

/**
 * A new fulfilment order: marketplace orders chosen on the order desk (`?orderIds=`), or one
 * entered by hand. The provider account is chosen once at the top (the last one is remembered).
 */
export function CreateFulfillmentScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { ids, dropped } = orderIdsOf(params.get('orderIds'));
  const [mode, setMode] = useState<Mode>(ids.length > 0 ? 'orders' : 'manual');
  const providers = useProviderOptions();
  const [lastProviderId, setLastProviderId] = usePreference<string | null>('fulfillments.lastProvider', null);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const { data: me } = useCurrentUser();
  const isAdmin = !!me && canAccess(me, 'admin');

  const accounts = providers.data ?? [];
  const wanted = pickedId ?? lastProviderId;
  const chosen = accounts.find((a) => a.id === wanted) ?? (accounts.length === 1 ? accounts[0] : undefined) ?? null;

  const choose = (id: string) => {
    setPickedId(id);
    setLastProviderId(id);
  };

  const body = () => {
    if (providers.isError) return <ErrorState error={providers.error} onRetry={() => void providers.refetch()} />;
    if (providers.isPending) return <LinesSkeleton lines={3} label="Loading providers" />;
    if (accounts.length === 0) {
      return (
        <EmptyState
          icon="pi pi-building"
          title="No provider connected"
          action={isAdmin ? <Button label="Connect a provider" icon="pi pi-link" onClick={() => navigate(paths.fulfillments.providers)} /> : null}
        >
          {isAdmin ? 'Connect your Printify, Gearment, Merchize, Lenful, HMFulfill or MangoTee account first.' : 'Ask an admin of your team to connect a provider account first.'}
        </EmptyState>
      );
    }
    return (
      <div className="filters filters-plain">
        <label htmlFor="fulfillment-provider" className="send-to-label">
          Send to
        </label>
        <Dropdown
          inputId="fulfillment-provider"
          value={chosen?.id ?? null}
          options={accounts.map((a) => ({ value: a.id, label: accountLabel(a) }))}
          onChange={(e) => choose(e.value as string)}
          placeholder="Choose a provider"
          data-testid="fulfillment-provider"
        />
        <span className="filters-spacer" />
        <SelectButton
          value={mode}
          options={[
            { value: 'orders', label: 'Marketplace orders' },
            { value: 'manual', label: 'By hand' },
          ]}
          onChange={(e) => e.value && setMode(e.value as Mode)}
          allowEmpty={false}
          aria-label="What to send"
          data-testid="fulfillment-mode"
        />
      </div>
    );
  };

  return (
    <div className="screen">
      <PageHeader
        title="New fulfilment order"
        description="Send orders to a print-on-demand provider: choose its variant for each item, check the print files and the cost, then send."
        actions={
          <Link to={paths.fulfillments.orders} className="p-button p-button-text p-button-secondary">
            <i className="pi pi-arrow-left" aria-hidden="true" />
            <span>&nbsp;Fulfilment orders</span>
          </Link>
        }
      />
      <Panel>{body()}</Panel>
      {dropped > 0 ? (
        <p className="muted small" role="status">
          {dropped} more order{dropped === 1 ? '' : 's'} were selected: send these {MAX_ORDERS} first, then the rest.
        </p>
      ) : null}
      {chosen ? (
        mode === 'orders' ? (
          <FromOrdersForm orderIds={ids} provider={chosen} />
        ) : (
          <ManualForm provider={chosen} />
        )
      ) : accounts.length > 0 ? (
        <p className="muted">Choose the provider to send to: its catalogue is what the items are matched with.</p>
      ) : null}
    </div>
  );
}
