import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { TableSkeleton } from '@/components/ui/skeletons';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useTimezone } from '@/lib/auth';
import { formatDateTime } from '@/lib/dates';
import { useTestProvider } from '../api/catalog';
import { usePrintifyShops, useProviders, type ProviderAccount } from '../api/providers';
import { ConnectProviderDialog } from './connect-provider-dialog';
import { providerLabels } from './labels';
import { RemoveProviderDialog } from './remove-provider-dialog';

type TestResult = { ok: true; text: string } | { ok: false; text: string };

function NoAccess() {
  return (
    <div className="screen">
      <PageHeader title="Fulfilment providers" />
      <Panel>
        <EmptyState icon="pi pi-lock" title="Only admins manage provider accounts" action={<Link to={paths.fulfillments.orders}>Go to fulfilment orders</Link>}>
          Ask an admin of your team to connect Printify, Gearment or another provider. You can still send orders to the accounts they connect.
        </EmptyState>
      </Panel>
    </div>
  );
}

/** The Printify shops the connected token reaches, so the seller can check the shop id they gave. */
function PrintifyShopsPanel({ accounts }: { accounts: ProviderAccount[] }) {
  const shops = usePrintifyShops(accounts.length > 0);
  if (accounts.length === 0) return null;
  const chosen = new Set(accounts.map((a) => a.shopId).filter(Boolean));
  return (
    <Panel title="Printify shops">
      {shops.isError ? (
        <ErrorState error={shops.error} onRetry={() => void shops.refetch()} />
      ) : shops.isPending ? (
        <p className="muted">Asking Printify…</p>
      ) : shops.data.length === 0 ? (
        <p className="muted">The token reaches no Printify shop.</p>
      ) : (
        <ul className="sold-list" data-testid="printify-shops">
          {shops.data.map((s) => (
            <li key={s.id}>
              <span className="sold-name">
                {s.title} <span className="muted small">· id {s.id} · {s.sales_channel}</span>
              </span>
              {chosen.has(s.id) ? <span className="chip">Orders go here</span> : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * The client's accounts at print-on-demand providers (ADMIN): connect one with the form its
 * provider needs, check that it still answers, remove it. Credentials are never shown.
 */
export function ProvidersScreen() {
  const timezone = useTimezone();
  const providers = useProviders();
  const [connecting, setConnecting] = useState(false);
  const [removing, setRemoving] = useState<ProviderAccount | null>(null);
  const [results, setResults] = useState<Record<string, TestResult>>({});
  const test = useTestProvider();

  if (providers.isError && providers.error instanceof ApiError && providers.error.hasCode('FORBIDDEN')) return <NoAccess />;

  const runTest = (a: ProviderAccount) =>
    test.mutate(a.id, {
      onSuccess: (page) =>
        setResults((r) => ({ ...r, [a.id]: { ok: true, text: `Answering: ${page.pageInfo.totalCount.toLocaleString('en-US')} products in its catalogue.` } })),
      onError: (error) => setResults((r) => ({ ...r, [a.id]: { ok: false, text: errorMessage(error) } })),
    });

  const providerCell = (a: ProviderAccount) => (
    <div className="cell-title">
      <span className="cell-title-main">{providerLabels[a.provider]}</span>
      {a.name ? <span className="muted small">{a.name}</span> : null}
    </div>
  );
  const testCell = (a: ProviderAccount) => {
    const r = results[a.id];
    if (!r) return <span className="muted small">—</span>;
    return (
      <span className={`key-status ${r.ok ? 'key-status-ok' : 'key-status-bad'}`} data-testid={`provider-test-${a.id}`}>
        <i className={r.ok ? 'pi pi-check-circle' : 'pi pi-times-circle'} aria-hidden="true" />
        {r.text}
      </span>
    );
  };
  const actionsCell = (a: ProviderAccount) => (
    <div className="row-actions">
      <Button
        label="Test"
        icon="pi pi-bolt"
        size="small"
        text
        loading={test.isPending && test.variables === a.id}
        onClick={() => runTest(a)}
        aria-label={`Test ${providerLabels[a.provider]}${a.name ? ` ${a.name}` : ''}`}
      />
      <Button
        icon="pi pi-trash"
        size="small"
        text
        severity="danger"
        onClick={() => setRemoving(a)}
        aria-label={`Remove ${providerLabels[a.provider]}${a.name ? ` ${a.name}` : ''}`}
        data-testid={`remove-provider-${a.id}`}
      />
    </div>
  );

  const accounts = providers.data ?? [];
  return (
    <div className="screen">
      <PageHeader
        title="Fulfilment providers"
        description="Your accounts at Printify, Gearment, Merchize, Lenful, HMFulfill and MangoTee. Orders go to them from the order desk."
        actions={<Button label="Connect a provider" icon="pi pi-link" onClick={() => setConnecting(true)} data-testid="connect-provider" />}
      />
      <Panel flush>
        {providers.isError ? (
          <ErrorState error={providers.error} onRetry={() => void providers.refetch()} />
        ) : providers.isPending ? (
          <TableSkeleton columns={[{ header: 'Provider' }, { header: 'Shop id' }, { header: 'Connected' }, { header: 'Check' }, { header: '' }]} rows={3} label="Loading providers" testId="providers-loading" />
        ) : (
          <DataTable
            value={accounts}
            dataKey="id"
            // The check column shows this screen's state, not the row's: cells must re-render with it.
            cellMemo={false}
            className="data-table"
            data-testid="providers-table"
            pt={{ table: { 'aria-label': 'Provider accounts' } }}
            emptyMessage={
              <EmptyState
                icon="pi pi-building"
                title="No provider connected yet"
                action={<Button label="Connect a provider" icon="pi pi-link" onClick={() => setConnecting(true)} />}
              >
                Connect the account of a print-on-demand provider to send it your orders.
              </EmptyState>
            }
          >
            <Column header="Provider" body={providerCell} />
            <Column header="Shop id" body={(a: ProviderAccount) => a.shopId ?? <span className="muted">—</span>} style={{ width: '10rem' }} />
            <Column header="Connected" body={(a: ProviderAccount) => formatDateTime(a.createdAt, timezone)} style={{ width: '13rem' }} />
            <Column header="Check" body={testCell} />
            <Column body={actionsCell} style={{ width: '9rem' }} align="right" />
          </DataTable>
        )}
      </Panel>
      <PrintifyShopsPanel accounts={accounts.filter((a) => a.provider === 'PRINTIFY')} />
      <ConnectProviderDialog visible={connecting} onHide={() => setConnecting(false)} />
      <RemoveProviderDialog account={removing} onHide={() => setRemoving(null)} />
    </div>
  );
}
