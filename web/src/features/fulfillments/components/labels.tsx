import { Tag } from 'primereact/tag';
import type { FulfillmentOrderStatus, FulfillmentProviderType } from '@/gql/graphql';

export const providerLabels: Record<FulfillmentProviderType, string> = {
  PRINTIFY: 'Printify',
  GEARMENT: 'Gearment',
  MERCHIZE: 'Merchize',
  LENFUL: 'Lenful',
  HMFULFILL: 'HMFulfill',
  MANGO_TEE: 'MangoTee',
};

/** The order the providers are offered in. */
export const PROVIDER_TYPES: FulfillmentProviderType[] = ['PRINTIFY', 'GEARMENT', 'MERCHIZE', 'LENFUL', 'HMFULFILL', 'MANGO_TEE'];

/** "Printify · Main shop": the provider, and the account's own name when it has one. */
export function accountLabel(p: { provider: FulfillmentProviderType; name?: string | null }): string {
  const name = p.name?.trim();
  return name ? `${providerLabels[p.provider]} · ${name}` : providerLabels[p.provider];
}

export const fulfillmentStatusLabels: Record<FulfillmentOrderStatus, string> = {
  CREATED: 'Created',
  IN_TRANSIT: 'In transit',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** The statuses in the order an order goes through them. */
export const FULFILLMENT_STATUSES: FulfillmentOrderStatus[] = ['CREATED', 'IN_TRANSIT', 'COMPLETED', 'CANCELLED'];

const severities: Record<FulfillmentOrderStatus, 'info' | 'warning' | 'success' | 'secondary'> = {
  CREATED: 'warning',
  IN_TRANSIT: 'info',
  COMPLETED: 'success',
  CANCELLED: 'secondary',
};

export function FulfillmentStatusTag({ status }: { status: FulfillmentOrderStatus }) {
  return <Tag value={fulfillmentStatusLabels[status]} severity={severities[status]} rounded />;
}

/** The provider's own status text, readable: `in_production` → "In production". */
export function providerStatusText(value: string): string {
  const words = value.replace(/^VENDOR_ORDER_STATUS_/, '').replace(/[-_]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fulfilment ids are long; a short form is enough to tell orders apart in a list. */
export const shortId = (id: string) => (id.length > 10 ? id.slice(-8).toUpperCase() : id.toUpperCase());
