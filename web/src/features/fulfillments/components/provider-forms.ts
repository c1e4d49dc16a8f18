import type { CreateFulfillmentProviderInput, FulfillmentProviderType } from '@/gql/graphql';

/** The inputs of `createFulfillmentProvider` a form may ask for. */
export type CredentialKey = 'apiKey' | 'apiSecret' | 'shopId' | 'baseUrl';

export interface CredentialField {
  key: CredentialKey;
  label: string;
  hint?: string;
  /** Masked, never shown again once saved. */
  secret: boolean;
  required: boolean;
  placeholder?: string;
  /** A message when the value cannot be right (before asking the server). */
  check?: (value: string) => string | null;
}

export interface ProviderForm {
  intro: string;
  fields: CredentialField[];
}

const httpsUrl = (value: string): string | null => {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:') return 'Use the https:// address';
    return null;
  } catch {
    return 'Enter the full address, e.g. https://bo-yourstore.merchize.com/bo-api';
  }
};

const apiKeyOnly = (where: string): ProviderForm => ({
  intro: `Paste the API key from ${where}.`,
  fields: [{ key: 'apiKey', label: 'API key', secret: true, required: true }],
});

/**
 * What each provider needs, in its own words. Every credential goes to `apiKey` / `apiSecret`
 * (sealed by the server and never returned); shop ids and hosts are not secrets.
 */
export const providerForms: Record<FulfillmentProviderType, ProviderForm> = {
  PRINTIFY: {
    intro: 'Create a personal access token in Printify (My account → Connections) with the shops, catalog, orders and webhooks scopes.',
    fields: [
      { key: 'apiKey', label: 'Personal access token', secret: true, required: true },
      {
        key: 'shopId',
        label: 'Shop id',
        secret: false,
        required: true,
        placeholder: 'e.g. 12345678',
        hint: 'The number of the Printify shop orders go to (Printify → My stores; it is in the store’s address). Once connected, the shops of the token are listed here so you can check it.',
        check: (v) => (/^\d+$/.test(v) ? null : 'A Printify shop id is a number'),
      },
    ],
  },
  GEARMENT: {
    intro: 'Create an API key pair in Gearment (Settings → API).',
    fields: [
      { key: 'apiKey', label: 'API key', secret: true, required: true },
      { key: 'apiSecret', label: 'API secret', secret: true, required: true },
    ],
  },
  MERCHIZE: {
    intro: 'Merchize serves each seller from their own address: copy it and an API token from your Merchize back office (Settings → API).',
    fields: [
      { key: 'apiKey', label: 'API token', secret: true, required: true },
      {
        key: 'baseUrl',
        label: 'Your Merchize address',
        secret: false,
        required: true,
        placeholder: 'https://bo-yourstore.merchize.com/bo-api',
        hint: 'The API address of your own Merchize back office.',
        check: httpsUrl,
      },
    ],
  },
  LENFUL: {
    intro: 'Lenful signs in with your seller account; Sellerdesk keeps the session it gets.',
    fields: [
      { key: 'apiKey', label: 'User name', secret: false, required: true },
      { key: 'apiSecret', label: 'Password', secret: true, required: true },
      { key: 'shopId', label: 'Shop id', secret: false, required: true, hint: 'The Lenful shop orders are placed in.' },
    ],
  },
  HMFULFILL: apiKeyOnly('your HMFulfill account'),
  MANGO_TEE: apiKeyOnly('MangoTee (Settings → API keys)'),
};

export type CredentialValues = Record<CredentialKey, string>;

export const emptyCredentials: CredentialValues = { apiKey: '', apiSecret: '', shopId: '', baseUrl: '' };

/** What is wrong with the values before the server is asked, per field. */
export function credentialErrors(provider: FulfillmentProviderType, values: CredentialValues): Partial<Record<CredentialKey, string>> {
  const errors: Partial<Record<CredentialKey, string>> = {};
  for (const f of providerForms[provider].fields) {
    const v = values[f.key].trim();
    if (!v) {
      if (f.required) errors[f.key] = 'Required';
      continue;
    }
    const problem = f.check?.(v);
    if (problem) errors[f.key] = problem;
  }
  return errors;
}

/** The input for the server: only the fields this provider uses, trimmed (a key's spaces are never meant). */
export function toProviderInput(provider: FulfillmentProviderType, name: string, values: CredentialValues): CreateFulfillmentProviderInput {
  const input: CreateFulfillmentProviderInput = { provider, apiKey: values.apiKey.trim() };
  if (name.trim()) input.name = name.trim();
  for (const f of providerForms[provider].fields) {
    const v = values[f.key].trim();
    if (f.key !== 'apiKey' && v) input[f.key] = f.key === 'baseUrl' ? v.replace(/\/+$/, '') : v;
  }
  return input;
}

/** The values of this provider's secret fields, as typed. */
export function secretsOf(provider: FulfillmentProviderType, values: CredentialValues): string[] {
  return providerForms[provider].fields.filter((f) => f.secret).map((f) => values[f.key].trim()).filter((v) => v.length >= 4);
}

/** `text` with every occurrence of the secrets masked. */
export function redact(text: string, secrets: string[]): string {
  return secrets.reduce((t, secret) => t.split(secret).join('••••'), text);
}
