import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { ErrorState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { useStaffOptions } from '@/lib/lookups';
import { notify } from '@/lib/notify';
import { useReassignShop } from '../api/shops';

export interface AssignableShop {
  id: string;
  name: string;
  assignedUserIds: string[];
}

/** Admins choose which STAFF users work on a shop (its orders, shop products, promotions). */
export function AssignStaffDialog({ shop, onHide }: { shop: AssignableShop | null; onHide: () => void }) {
  const staff = useStaffOptions(!!shop);
  const reassign = useReassignShop();
  const [selected, setSelected] = useState<string[]>([]);

  // Start from the shop's staff when another shop opens, not on every render of the same one.
  const [shownId, setShownId] = useState<string | undefined>(undefined);
  if (shop?.id !== shownId) {
    setShownId(shop?.id);
    if (shop) setSelected(shop.assignedUserIds);
  }

  const options = (staff.data ?? []).map((u) => ({ label: `${u.firstName} ${u.lastName} (${u.email})`, value: u.id }));

  const onSave = () => {
    if (!shop) return;
    reassign.mutate(
      { shopId: shop.id, userIds: selected },
      {
        onSuccess: () => {
          notify.success(selected.length === 0 ? `No staff works on ${shop.name} now.` : `${selected.length} staff member${selected.length === 1 ? '' : 's'} now work on ${shop.name}.`);
          onHide();
        },
      },
    );
  };

  return (
    <Dialog header={shop ? `Staff of ${shop.name}` : 'Staff'} visible={!!shop} onHide={onHide} style={{ width: '32rem' }} breakpoints={{ '640px': '95vw' }} draggable={false}>
      <div className="stack" data-testid="assign-staff-dialog">
        {staff.isError ? (
          <ErrorState error={staff.error} onRetry={() => void staff.refetch()} />
        ) : (
          <Field id="assign-staff" label="Staff members" hint="Admins see every shop; staff see only the shops assigned to them.">
            <MultiSelect
              inputId="assign-staff"
              value={selected}
              options={options}
              onChange={(e) => setSelected(e.value as string[])}
              placeholder={staff.isPending ? 'Loading…' : options.length === 0 ? 'No staff users yet' : 'Choose staff'}
              display="chip"
              filter
              className="w-full"
              data-testid="assign-staff-select"
            />
          </Field>
        )}
        <div className="dialog-actions">
          <Button type="button" label="Cancel" severity="secondary" text onClick={onHide} />
          <Button type="button" label="Save" icon="pi pi-check" loading={reassign.isPending} onClick={onSave} disabled={staff.isPending} />
        </div>
      </div>
    </Dialog>
  );
}
