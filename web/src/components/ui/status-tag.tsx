import { Tag } from 'primereact/tag';
import type { JobStatus, LiveStatus, OrderStatus, ProductStatus, ShopConnection } from '@/gql/graphql';
import { liveStatusLabels, productStatusLabels } from '@/lib/labels';

const severities: Record<JobStatus, 'success' | 'info' | 'warning' | 'danger'> = {
  SUCCESS: 'success',
  PROCESSING: 'info',
  PENDING: 'warning',
  FAILED: 'danger',
};

const labels: Record<JobStatus, string> = {
  SUCCESS: 'Success',
  PROCESSING: 'Processing',
  PENDING: 'Pending',
  FAILED: 'Failed',
};

export function JobStatusTag({ status }: { status: JobStatus }) {
  return <Tag value={labels[status]} severity={severities[status]} rounded />;
}

type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary' | 'contrast';

const liveSeverities: Record<LiveStatus, Severity> = {
  LIVE: 'success',
  LISTED: 'info',
  DRAFT: 'secondary',
  PENDING: 'warning',
  SUSPENDED: 'danger',
};

/** A listing's (or shop's) state on the marketplace. */
export function LiveStatusTag({ status }: { status: LiveStatus }) {
  return <Tag value={liveStatusLabels[status]} severity={liveSeverities[status]} rounded />;
}

const productSeverities: Record<ProductStatus, Severity> = {
  PUBLISHED: 'success',
  UNPUBLISHED: 'secondary',
  SOLD: 'info',
};

export function ProductStatusTag({ status }: { status: ProductStatus }) {
  return <Tag value={productStatusLabels[status]} severity={productSeverities[status]} rounded />;
}

export function ConnectionTag({ connection }: { connection: ShopConnection }) {
  return connection === 'CONNECTED' ? (
    <Tag value="Connected" severity="success" icon="pi pi-link" rounded />
  ) : (
    <Tag value="Reconnect" severity="warning" icon="pi pi-exclamation-triangle" rounded />
  );
}

export const orderStatusLabels: Record<OrderStatus, string> = {
  AWAITING_DESIGN: 'Awaiting design',
  AWAITING_FULFILLMENT: 'Awaiting fulfilment',
  FULFILLED: 'Fulfilled',
  AWAITING_SHIPMENT: 'Awaiting shipment',
  IN_TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
};

const orderSeverities: Record<OrderStatus, Severity> = {
  AWAITING_DESIGN: 'warning',
  AWAITING_FULFILLMENT: 'warning',
  FULFILLED: 'info',
  AWAITING_SHIPMENT: 'info',
  IN_TRANSIT: 'info',
  DELIVERED: 'success',
  COMPLETED: 'success',
  CANCELLED: 'secondary',
  REFUNDED: 'danger',
};

/** Sellerdesk's workflow status of an order. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag value={orderStatusLabels[status]} severity={orderSeverities[status]} rounded />;
}

/** "PLATFORM_DEACTIVATED" → "Platform deactivated". */
export function titleCase(value: string): string {
  const words = value.toLowerCase().split('_');
  const first = words[0] ?? '';
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(' ');
}
