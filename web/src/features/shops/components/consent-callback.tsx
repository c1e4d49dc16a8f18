import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useAuthorizeShop, type ConsentReturn } from '../api/shops';
import { CHANNELS } from './channels';

/**
 * One authorisation per `state`, even when React runs effects twice or the page re-renders:
 * the code can be exchanged once only.
 */
const started = new Map<string, Promise<unknown>>();

export interface ConsentCallbackProps {
  /** What the consent page sent back; null when the link lacks what the exchange needs. */
  consent: ConsentReturn | null;
  /** The marketplace said no (its `error_description` or `error`). */
  refused: string | null;
  /** The marketplace's name in messages ("TikTok Shop", "Amazon"). */
  marketplace: string;
  /** Where the seller goes on success, and the way back on failure. */
  back: { to: string; label: string };
  /** A word for the shop being connected ("TikTok shop", "Amazon shop"). */
  shopWord: string;
  testId: string;
}

/**
 * Where a marketplace's consent page sends the seller back: exchanges the code for the shop
 * (authorizeShop), then returns to the shops with a toast; a failure stays here with a way back.
 */
export function ConsentCallback({ consent, refused, marketplace, back, shopWord, testId }: ConsentCallbackProps) {
  const navigate = useNavigate();
  const authorize = useAuthorizeShop();
  const [exchangeFailure, setExchangeFailure] = useState<string | null>(null);
  const failure = refused
    ? `${marketplace} did not authorise the connection: ${refused}`
    : !consent
      ? `The link from ${marketplace} has no authorisation code. Start the connection again.`
      : exchangeFailure;

  const exchange = useEffectEvent((key: string, input: ConsentReturn) =>
    authorize.mutateAsync(input).then(
      (shop) => {
        notify.success(`${shop.name} is connected. Its ${CHANNELS[shop.saleChannel].warehouses ? 'products, orders and warehouses' : 'products and orders'} are syncing now.`);
        navigate(back.to, { replace: true });
      },
      (error: unknown) => {
        started.delete(key);
        setExchangeFailure(errorMessage(error));
        notify.error(errorMessage(error));
      },
    ),
  );

  // The parameters are read once: this screen exists for one exchange.
  // `consent` is rebuilt from the address on each render; `key` is its identity.
  const key = consent ? `${consent.saleChannel}:${consent.state}:${consent.code}` : null;
  const start = useEffectEvent((key: string) => {
    if (consent && !started.has(key)) started.set(key, exchange(key, consent));
  });
  useEffect(() => {
    if (!refused && key) start(key);
  }, [key, refused]);

  if (failure) {
    return (
      <div className="screen">
        <div className="panel">
          <div className="fullpage-message" data-testid={`${testId}-failed`}>
            <i className="pi pi-times-circle" aria-hidden="true" />
            <h1>The shop was not connected</h1>
            <p>{failure}</p>
            <Link to={back.to} className="p-button">
              <span className="p-button-label">{back.label}</span>
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div data-testid={testId}>
      <PageSpinner label={`Connecting your ${shopWord}`} />
      <p className="muted" style={{ textAlign: 'center' }}>
        Connecting your {shopWord}…
      </p>
    </div>
  );
}
