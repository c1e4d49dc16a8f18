import { useState } from 'react';
import { ErrorState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import type { SaleChannel } from '@/gql/graphql';
import { canAccess, useCurrentUser } from '@/lib/auth';
import { saleChannelLabels } from '@/lib/lookups';
import { usePaging } from '@/lib/paging';
import { usePreference } from '@/lib/preferences';
import { useDebounced } from '@/lib/use-debounced';
import { useShops } from '../api/shops';
import { CHANNEL_ORDER } from './channels';
import { ConnectShopButtons, useConnectShop } from './connect-shop';
import { noShops, ShopsTable } from './shops-table';
import { useShopActions } from './use-shop-actions';

type ChannelTab = SaleChannel | 'ALL';
const TABS: { value: ChannelTab; label: string }[] = [{ value: 'ALL', label: 'All channels' }, ...CHANNEL_ORDER.map((c) => ({ value: c, label: saleChannelLabels[c] }))];

/** Every shop of the client across sales channels: connect one of any channel, act on each by its channel. */
export function ShopsScreen() {
  const { data: me } = useCurrentUser();
  const isAdmin = !!me && canAccess(me, 'admin');
  const canPromote = !!me && canAccess(me, 'promotions');
  const [saved, setChannel] = usePreference<ChannelTab | ''>('shops.all.channel', 'ALL');
  // A kept value that no longer reads (an old preference) falls back to every channel.
  const channel: ChannelTab = TABS.some((t) => t.value === saved) ? (saved as ChannelTab) : 'ALL';
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const paging = usePaging('shops.all.pageSize', [debounced, channel]);
  const shops = useShops({ limit: paging.pageSize, page: paging.page, ...(debounced ? { search: debounced } : {}), ...(channel !== 'ALL' ? { saleChannel: channel } : {}) });
  const actions = useShopActions({ onRemoved: () => paging.afterRemoval(1, shops.data?.items.length ?? 0) });
  const connect = useConnectShop();
  const filtered = !!debounced || channel !== 'ALL';

  return (
    <div className="screen">
      <PageHeader
        title="Shops"
        description="Every shop you sell on, across TikTok Shop, Amazon and Walmart."
        actions={isAdmin ? <ConnectShopButtons connect={connect} outlined /> : null}
      />
      <Panel flush>
        <FilterTabs tabs={TABS} value={channel} onChange={setChannel} label="Sales channel" testId="shops-channel" />
        <div className="filters" role="search" aria-label="Filter shops">
          <SearchBox value={search} onChange={setSearch} placeholder="Search shops" label="Search shops" testId="shops-search" />
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
            canPromote={canPromote}
            connect={connect}
            showChannel
            empty={noShops(filtered, isAdmin ? <ConnectShopButtons connect={connect} testIdSuffix="-empty" /> : undefined)}
            testId="shops-table"
          />
        )}
      </Panel>
      {actions.dialogs}
      {connect.dialogs}
    </div>
  );
}
