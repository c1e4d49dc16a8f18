import type { SaleChannel } from '@/gql/graphql';

/**
 * What Sellerdesk does on a shop of each channel, as the server's `SaleChannel::supports_*`
 * says: the screens offer a channel's actions only. The Record makes a new channel a compile
 * error here, not a button that answers "not available".
 */
export interface ChannelAbilities {
  /** How a shop connects: the marketplace's consent page, or an API key pair the seller types. */
  connect: 'consent' | 'keys';
  /** Warehouses are read from the marketplace (sync warehouses, the warehouses panel). */
  warehouses: boolean;
  /** The marketplace's own products can be read live (Products on TikTok). */
  marketplaceProducts: boolean;
  /** Flash-sale promotions run on it. */
  promotions: boolean;
  /** The icon beside its name and on its connect button. */
  icon: string;
}

export const CHANNELS: Record<SaleChannel, ChannelAbilities> = {
  TIKTOK: { connect: 'consent', warehouses: true, marketplaceProducts: true, promotions: true, icon: 'pi pi-tiktok' },
  AMAZON: { connect: 'consent', warehouses: false, marketplaceProducts: false, promotions: false, icon: 'pi pi-amazon' },
  WALMART: { connect: 'keys', warehouses: false, marketplaceProducts: false, promotions: false, icon: 'pi pi-shop' },
};

/** In the order the connect buttons and the channel filter show them. */
export const CHANNEL_ORDER: SaleChannel[] = ['TIKTOK', 'AMAZON', 'WALMART'];
