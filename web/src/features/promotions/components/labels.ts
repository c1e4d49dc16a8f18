import type { ItemKind, JobStatus, PromotionType } from '@/gql/graphql';

export const promotionTypeLabels: Record<PromotionType, string> = { FLASHSALE: 'Flash sale' };

export const productLevelLabels: Record<ItemKind, string> = { PRODUCT: 'Whole product', VARIATION: 'Each variant' };

export const productLevelHints: Record<ItemKind, string> = {
  PRODUCT: 'One flash-sale price for the product, from its lowest variant price.',
  VARIATION: 'Each variant gets its own flash-sale price, from its own price.',
};

/**
 * What the latest window's job status means for the seller (the status filter): SUCCESS is an
 * activity that exists on TikTok Shop, whether it has started, ended or been deactivated since.
 */
export const scheduleStatusLabels: Record<JobStatus, string> = {
  PENDING: 'Queued',
  PROCESSING: 'Scheduling',
  SUCCESS: 'Created',
  FAILED: 'Failed',
};

/** "36 h" → "36 hours (1.5 days)". */
export function formatDuration(hours: number): string {
  const text = `${hours} hour${hours === 1 ? '' : 's'}`;
  if (hours < 24) return text;
  const days = Math.round((hours / 24) * 10) / 10;
  return `${text} (${days} day${days === 1 ? '' : 's'})`;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
