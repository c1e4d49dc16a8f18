import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ConsentCallback } from './consent-callback';

/**
 * Amazon's consent page (Seller Central) sends the seller back here with `spapi_oauth_code`,
 * `state` and `selling_partner_id`; all three are needed to connect the shop.
 */
export function AmazonCallbackScreen() {
  const [params] = useSearchParams();
  const code = params.get('spapi_oauth_code') ?? '';
  const state = params.get('state') ?? '';
  const sellingPartnerId = params.get('selling_partner_id') ?? '';
  return (
    <ConsentCallback
      consent={code && state && sellingPartnerId ? { saleChannel: 'AMAZON', code, state, sellingPartnerId } : null}
      refused={params.get('error_description') ?? params.get('error')}
      marketplace="Amazon"
      back={{ to: paths.shop, label: 'Back to shops' }}
      shopWord="Amazon shop"
      testId="amazon-callback"
    />
  );
}
