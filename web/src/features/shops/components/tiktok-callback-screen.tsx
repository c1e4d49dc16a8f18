import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ConsentCallback } from './consent-callback';

/** TikTok Shop's consent page sends the seller back here with `code` and `state`. */
export function TiktokCallbackScreen() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  return (
    <ConsentCallback
      consent={code && state ? { saleChannel: 'TIKTOK', code, state } : null}
      refused={params.get('error_description') ?? params.get('error')}
      marketplace="TikTok Shop"
      back={{ to: paths.shops.tiktok, label: 'Back to TikTok Shop' }}
      shopWord="TikTok shop"
      testId="tiktok-callback"
    />
  );
}
