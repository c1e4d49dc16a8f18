import { Button } from 'primereact/button';
import { useState, type ReactNode } from 'react';
import type { SaleChannel } from '@/gql/graphql';
import { browser } from '@/lib/browser';
import { saleChannelLabels } from '@/lib/lookups';
import { useGenerateAuthorizeLink, type ConsentChannel } from '../api/shops';
import { CHANNEL_ORDER, CHANNELS } from './channels';
import { WalmartConnectDialog } from './walmart-connect-dialog';

export interface ConnectShop {
  /** Starts connecting a shop of `channel`: its consent page, or the key-pair dialog. */
  connect: (channel: SaleChannel) => void;
  /** A consent link is being made for `channel` (the page is about to leave). */
  isPending: (channel: SaleChannel) => boolean;
  /** The dialogs connecting needs; render once on the screen. */
  dialogs: ReactNode;
}

/**
 * Connecting a shop, whatever its channel: TikTok Shop and Amazon send the seller to their consent
 * page (which comes back to /shops/tiktok/callback or /shops/amazon/callback); Walmart asks for
 * the API key pair from Seller Center.
 */
export function useConnectShop(): ConnectShop {
  const link = useGenerateAuthorizeLink();
  const [walmartOpen, setWalmartOpen] = useState(false);

  const connect = (channel: SaleChannel) => {
    if (CHANNELS[channel].connect === 'keys') {
      setWalmartOpen(true);
      return;
    }
    link.mutate(channel as ConsentChannel, { onSuccess: (url) => browser.leaveTo(url) });
  };
  // Still busy after success: the browser is on its way to the consent page.
  const isPending = (channel: SaleChannel) => (link.isPending || link.isSuccess) && link.variables === channel;

  return { connect, isPending, dialogs: <WalmartConnectDialog visible={walmartOpen} onHide={() => setWalmartOpen(false)} /> };
}

/** One button per channel, each starting that channel's way of connecting. */
export function ConnectShopButtons({ connect, testIdSuffix = '', outlined = false }: { connect: ConnectShop; testIdSuffix?: string; outlined?: boolean }) {
  return (
    <div className="button-row" role="group" aria-label="Connect a shop">
      {CHANNEL_ORDER.map((channel) => (
        <Button
          key={channel}
          type="button"
          label={`Connect ${saleChannelLabels[channel]}`}
          icon={CHANNELS[channel].icon}
          outlined={outlined}
          onClick={() => connect.connect(channel)}
          loading={connect.isPending(channel)}
          data-testid={`connect-${channel.toLowerCase()}${testIdSuffix}`}
        />
      ))}
    </div>
  );
}
