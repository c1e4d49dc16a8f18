import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { BulkProgressDialog, type TrackedBatch } from '@/components/ui/bulk-progress';
import { confirmAction } from '@/lib/confirm';
import { notify } from '@/lib/notify';
import { shopsKeys, useRemoveShop, useSyncShop, useSyncWarehouse } from '../api/shops';
import { AssignStaffDialog, type AssignableShop } from './assign-staff-dialog';
import { ShopEditDialog, type EditableShop } from './shop-edit-dialog';

type ActionShop = EditableShop & AssignableShop;

export interface ShopActions {
  sync: (shop: { id: string; name: string }) => void;
  syncWarehouses: (shop: { id: string; name: string }) => void;
  remove: (shop: { id: string; name: string }) => Promise<boolean>;
  edit: (shop: ActionShop) => void;
  assign: (shop: ActionShop) => void;
  isSyncing: (shopId: string) => boolean;
  /** The dialogs these actions open; render once on the screen. */
  dialogs: ReactNode;
}

/** What can be done to a shop, with the dialogs, confirmations and progress that go with it. */
export function useShopActions(options: { onRemoved?: (shopId: string) => void } = {}): ShopActions {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ActionShop | null>(null);
  const [assigning, setAssigning] = useState<ActionShop | null>(null);
  const [batches, setBatches] = useState<TrackedBatch[] | null>(null);
  const syncShop = useSyncShop();
  const syncWarehouse = useSyncWarehouse();
  const removeShop = useRemoveShop();

  const sync = (shop: { id: string; name: string }) =>
    syncShop.mutate(shop.id, { onSuccess: (r) => setBatches([{ id: r.batchId, title: `Syncing ${shop.name}` }]) });

  const syncWarehouses = (shop: { id: string; name: string }) =>
    syncWarehouse.mutate(shop.id, { onSuccess: (r) => setBatches([{ id: r.batchId, title: `Syncing the warehouses of ${shop.name}` }]) });

  const remove = async (shop: { id: string; name: string }) => {
    const ok = await confirmAction({
      header: 'Remove shop',
      message: `Remove ${shop.name} from Sellerdesk? Its orders and listings stop syncing and staff lose access to it. The shop itself stays on the marketplace; you can connect it again later.`,
      acceptLabel: 'Remove shop',
      danger: true,
    });
    if (!ok) return false;
    return new Promise<boolean>((resolve) =>
      removeShop.mutate(shop.id, {
        onSuccess: () => {
          notify.success(`${shop.name} was removed.`);
          options.onRemoved?.(shop.id);
          resolve(true);
        },
        onError: () => resolve(false),
      }),
    );
  };

  const isSyncing = (shopId: string) =>
    (syncShop.isPending && syncShop.variables === shopId) || (syncWarehouse.isPending && syncWarehouse.variables === shopId);

  const dialogs = (
    <>
      <ShopEditDialog shop={editing} onHide={() => setEditing(null)} />
      <AssignStaffDialog shop={assigning} onHide={() => setAssigning(null)} />
      <BulkProgressDialog
        header="Sync"
        batches={batches}
        onHide={() => setBatches(null)}
        onFinished={() => void queryClient.invalidateQueries({ queryKey: shopsKeys.all })}
      />
    </>
  );

  return { sync, syncWarehouses, remove, edit: setEditing, assign: setAssigning, isSyncing, dialogs };
}
