/**
 * Words a seller reads for the values the API sends. Every enum that reaches the screen goes
 * through one of these: a raw value ("POD", "ACTIVATE") or a title-cased one ("Pod", "Activate")
 * reads as a leak of the machinery, not as a product.
 */
import type { JobStatus, ListingMode, LiveStatus, ProductStatus, ProductType } from '@/gql/graphql';

export const productTypeLabels: Record<ProductType, string> = {
  POD: 'Print on demand',
  DROPSHIP: 'Dropship',
};

export const productStatusLabels: Record<ProductStatus, string> = {
  PUBLISHED: 'Published',
  UNPUBLISHED: 'Unpublished',
  SOLD: 'Sold',
};

export const liveStatusLabels: Record<LiveStatus, string> = {
  LIVE: 'Live',
  LISTED: 'Listed',
  DRAFT: 'Draft',
  PENDING: 'In review',
  SUSPENDED: 'Suspended',
};

export const listingModeLabels: Record<ListingMode, string> = {
  AS_DRAFT: 'As drafts',
  LISTING: 'Live',
};

export const jobStatusLabels: Record<JobStatus, string> = {
  SUCCESS: 'Done',
  PROCESSING: 'Running',
  PENDING: 'Queued',
  FAILED: 'Failed',
};

/** What a marketplace says about a product (TikTok Shop's words, used for every channel). */
const marketplaceStatusLabels: Record<string, string> = {
  ACTIVATE: 'Active',
  DRAFT: 'Draft',
  PENDING: 'In review',
  FAILED: 'Failed',
  FREEZE: 'Frozen',
  SELLER_DEACTIVATED: 'Deactivated by seller',
  PLATFORM_DEACTIVATED: 'Deactivated by the marketplace',
  DELETED: 'Deleted',
};

/** "PLATFORM_DEACTIVATED" → "Deactivated by the marketplace"; an unknown value in plain words. */
export function marketplaceStatusLabel(value: string): string {
  const known = marketplaceStatusLabels[value];
  if (known) return known;
  const words = value.toLowerCase().split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Server messages that are terse by design (they must not say which part was wrong), in full sentences. */
const sentences: Record<string, string> = {
  'wrong email or password': 'The email or the password is not right. Check both and try again.',
};

/**
 * A server message as a seller reads it: the known terse ones rewritten as sentences, the others
 * as the server wrote them (they are written for sellers already, and screens quote them).
 */
export function sentence(message: string): string {
  return sentences[message.trim().toLowerCase()] ?? message;
}

/** "1 item", "2 items". */
export const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
