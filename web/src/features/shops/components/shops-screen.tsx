import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import { paths } from '@/config/paths';
import type { SaleChannel } from '@/gql/graphql';
import { canAccess, useCurrentUser } from '@/lib/auth';
import { saleChannelLabels } from '@/lib/lookups';
import { usePaging } from '@/lib/paging';
import { usePreference } from '@/lib/preferences';
import { useDebounced } from '@/lib/use-debounced';
import { useShops } from '../api/shops';
import { noShops, ShopsTable } from './shops-table';
import { useShopActions } from './use-shop-actions';

const CHANNELS: SaleChannel[] = ['TIKTOK', 'AMAZON', 'WALMART'];

/** Every shop of the client across sales channels. */
export function ShopsScreen() {
  const { data: me } = useCurrentUser();
  const isAdmin = !!me && canAccess(me, 'admin');
  const navigate = useNavigate();
  const [channel, setChannel] = usePreference<SaleChannel | ''>('shops.all.channel', '');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const paging = usePaging('shops.all.pageSize', [debounced, channel]);
  const shops = useShops({ limit: paging.pageSize, page: paging.page, ...(debounced ? { search: debounced } : {}), ...(channel ? { saleChannel: channel } : {}) });
  const actions = useShopActions({ onRemoved: () => paging.afterRemoval(1, shops.data?.items.length ?? 0) });
  const filtered = !!debounced || !!channel;

  return (
    <div className="screen">
      <PageHeader
        title="Shops"
        description="Every shop you sell on, across sales channels."
        actions={isAdmin ? <Button label="Connect a shop" icon="pi pi-link" onClick={() => navigate(paths.shops.tiktok)} /> : null}
      />
      <Panel flush>
        <div className="filters" role="search" aria-label="Filter shops">
          <SearchBox value={search} onChange={setSearch} placeholder="Search shops" label="Search shops" testId="shops-search" />
          <Dropdown
            value={channel || null}
            options={CHANNELS.map((c) => ({ label: saleChannelLabels[c], value: c }))}
            onChange={(e) => setChannel((e.value as SaleChannel | null) ?? '')}
            placeholder="All channels"
            showClear
            ariaLabel="Sales channel"
            className="filter-status"
            data-testid="shops-channel"
          />
        </div>
        {shops.isError ? (
          <ErrorState error={shops.error} onRetry={() => void shops.refetch()} />
        ) : (
          <ShopsTable
            rows={shops.data?.items}
            total={shops.data?.pageInfo.totalCount ?? 0}
            loading={shops.isPending || (shops.isFetching && shops.isPlaceholderData)}
            paging={paging}
            actions={actions}
            isAdmin={isAdmin}
            showChannel
            empty={noShops(filtered)}
            testId="shops-table"
          />
        )}
      </Panel>
      {actions.dialogs}
    </div>
  );
}
