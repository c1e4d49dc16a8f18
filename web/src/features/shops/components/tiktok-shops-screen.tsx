import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import { paths } from '@/config/paths';
import { canAccess, useCurrentUser } from '@/lib/auth';
import { browser } from '@/lib/browser';
import { usePaging } from '@/lib/paging';
import { useDebounced } from '@/lib/use-debounced';
import { useGenerateAuthorizeLink, useShops } from '../api/shops';
import { noShops, ShopsTable } from './shops-table';
import { useShopActions } from './use-shop-actions';

/** Connect TikTok shops (the marketplace's consent flow) and manage the connected ones. */
export function TiktokShopsScreen() {
  const { data: me } = useCurrentUser();
  const isAdmin = !!me && canAccess(me, 'admin');
  const canPromote = !!me && canAccess(me, 'promotions');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const paging = usePaging('shops.tiktok.pageSize', debounced);
  const shops = useShops({ saleChannel: 'TIKTOK', limit: paging.pageSize, page: paging.page, ...(debounced ? { search: debounced } : {}) });
  const actions = useShopActions({ onRemoved: () => paging.afterRemoval(1, shops.data?.items.length ?? 0) });
  const connect = useGenerateAuthorizeLink();

  // The marketplace's consent page; it sends the seller back to /shops/tiktok/callback.
  const onConnect = () => connect.mutate('TIKTOK', { onSuccess: (url) => browser.leaveTo(url) });

  const connectButton = (testId: string) =>
    isAdmin ? <Button label="Connect a TikTok shop" icon="pi pi-link" onClick={onConnect} loading={connect.isPending || connect.isSuccess} data-testid={testId} /> : null;

  return (
    <div className="screen">
      <PageHeader
        title="TikTok Shop"
        description="Connect your TikTok shops, keep them in sync and decide who works on each."
        actions={
          <>
            <Link to={paths.shops.tiktokProducts} className="p-button p-button-outlined p-button-secondary">
              <i className="pi pi-tiktok" aria-hidden="true" />
              <span className="p-button-label">Products on TikTok</span>
            </Link>
            {connectButton('connect-tiktok')}
          </>
        }
      />
      <Panel flush>
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
            empty={noShops(!!debounced, connectButton('connect-tiktok-empty'))}
            testId="tiktok-shops-table"
          />
        )}
      </Panel>
      {actions.dialogs}
    </div>
  );
}
