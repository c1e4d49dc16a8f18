import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useUpdateShop } from '../api/shops';

export interface EditableShop {
  id: string;
  name: string;
  commissionRate: number;
}

/** Renames a shop and sets its commission (a percent of each sale, 0–100). */
export function ShopEditDialog({ shop, onHide }: { shop: EditableShop | null; onHide: () => void }) {
  const [name, setName] = useState('');
  const [rate, setRate] = useState<number | null>(0);
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateShop();

  // Reset the form when another shop opens, not on every render of the same one.
  const shopId = shop?.id;
  const [shownId, setShownId] = useState<string | undefined>(undefined);
  if (shopId !== shownId) {
    setShownId(shopId);
    if (shop) {
      setName(shop.name);
      setRate(shop.commissionRate);
      setSubmitted(false);
    }
  }
  // The last save's error belongs to the shop it was for.
  const { reset } = update;
  useEffect(() => {
    if (shopId) reset();
  }, [shopId, reset]);

  const invalid = {
    name: !name.trim() ? 'Required' : name.trim().length > 200 ? 'At most 200 characters' : null,
    rate: rate === null ? 'Required' : rate < 0 || rate > 100 ? 'Between 0 and 100' : null,
  };
  const serverField = update.error instanceof ApiError ? update.error.field : undefined;
  const errors = {
    name: (submitted ? invalid.name : null) ?? (serverField === 'name' ? update.error?.message : null),
    rate: (submitted ? invalid.rate : null) ?? (serverField === 'commissionRate' ? update.error?.message : null),
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!shop || invalid.name || invalid.rate) return;
    update.mutate(
      { id: shop.id, input: { name: name.trim(), commissionRate: rate ?? 0 } },
      {
        onSuccess: (s) => {
          notify.success(`${s.name} was saved.`);
          onHide();
        },
      },
    );
  };

  return (
    <Dialog header="Edit shop" visible={!!shop} onHide={onHide} style={{ width: '28rem' }} breakpoints={{ '640px': '95vw' }} draggable={false}>
      <form onSubmit={onSubmit} className="stack" noValidate aria-label="Edit shop">
        <Field id="shop-name" label="Name" error={errors.name} hint="How the shop is called in Sellerdesk; the marketplace keeps its own name.">
          <InputText id="shop-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
        </Field>
        <Field id="shop-commission" label="Commission" error={errors.rate} hint="The marketplace's share of each sale, used in revenue estimates.">
          <InputNumber
            inputId="shop-commission"
            value={rate}
            onValueChange={(e) => setRate(e.value ?? null)}
            suffix=" %"
            min={0}
            max={100}
            minFractionDigits={0}
            maxFractionDigits={2}
          />
        </Field>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" severity="secondary" text onClick={onHide} />
          <Button type="submit" label="Save" icon="pi pi-check" loading={update.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
