import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useAuthorizeShop } from '../api/shops';

/**
 * One authorisation per `state`, even when React runs effects twice or the page re-renders:
 * the code can be exchanged once only.
 */
const started = new Map<string, Promise<unknown>>();

/**
 * Where the marketplace sends the seller back after consent: exchanges `code` for the shop
 * (authorizeShop), then returns to the TikTok shops with a toast.
 */
export function TiktokCallbackScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const authorize = useAuthorizeShop();
  const [exchangeFailure, setExchangeFailure] = useState<string | null>(null);
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const refused = params.get('error_description') ?? params.get('error');
  const failure = refused
    ? `TikTok Shop did not authorise the connection: ${refused}`
    : !code || !state
      ? 'The link from TikTok Shop has no authorisation code. Start the connection again.'
      : exchangeFailure;

  const exchange = useEffectEvent((key: string) =>
    authorize.mutateAsync({ code, state }).then(
      (shop) => {
        notify.success(`${shop.name} is connected. Its products, orders and warehouses are syncing now.`);
        navigate(paths.shops.tiktok, { replace: true });
      },
      (error: unknown) => {
        started.delete(key);
        setExchangeFailure(errorMessage(error));
        notify.error(errorMessage(error));
      },
    ),
  );

  // The parameters are read once: this screen exists for one exchange.
  useEffect(() => {
    if (refused || !code || !state) return;
    const key = `${state}:${code}`;
    if (started.has(key)) return;
    started.set(key, exchange(key));
  }, [code, state, refused]);

  if (failure) {
    return (
      <div className="screen">
        <div className="panel">
          <div className="fullpage-message" data-testid="tiktok-callback-failed">
            <i className="pi pi-times-circle" aria-hidden="true" />
            <h1>The shop was not connected</h1>
            <p>{failure}</p>
            <Link to={paths.shops.tiktok} className="p-button">
              <span className="p-button-label">Back to TikTok Shop</span>
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div data-testid="tiktok-callback">
      <PageSpinner label="Connecting your TikTok shop" />
      <p className="muted" style={{ textAlign: 'center' }}>
        Connecting your TikTok shop…
      </p>
    </div>
  );
}
