import { credentialErrors, emptyCredentials, redact, secretsOf, toProviderInput } from './provider-forms';

describe('provider forms', () => {
  it('asks each provider for its own fields and checks what it can before the server', () => {
    expect(credentialErrors('PRINTIFY', { ...emptyCredentials, apiKey: 'tok', shopId: 'abc' })).toEqual({ shopId: 'A Printify shop id is a number' });
    expect(credentialErrors('GEARMENT', emptyCredentials)).toEqual({ apiKey: 'Required', apiSecret: 'Required' });
    expect(credentialErrors('LENFUL', { ...emptyCredentials, apiKey: 'ada' })).toEqual({ apiSecret: 'Required', shopId: 'Required' });
    expect(credentialErrors('MANGO_TEE', { ...emptyCredentials, apiKey: 'k' })).toEqual({});
  });

  it('sends only the fields the provider uses, trimmed', () => {
    const values = { apiKey: ' key ', apiSecret: ' secret ', shopId: ' 42 ', baseUrl: 'https://bo-acme.merchize.com/bo-api/' };
    expect(toProviderInput('GEARMENT', '', values)).toEqual({ provider: 'GEARMENT', apiKey: 'key', apiSecret: 'secret' });
    expect(toProviderInput('PRINTIFY', ' Main ', values)).toEqual({ provider: 'PRINTIFY', apiKey: 'key', shopId: '42', name: 'Main' });
    expect(toProviderInput('MERCHIZE', '', values)).toEqual({ provider: 'MERCHIZE', apiKey: 'key', baseUrl: 'https://bo-acme.merchize.com/bo-api' });
    expect(toProviderInput('HMFULFILL', '', values)).toEqual({ provider: 'HMFULFILL', apiKey: 'key' });
  });

  it('masks the secrets typed in if a message ever repeats them', () => {
    const secrets = secretsOf('LENFUL', { ...emptyCredentials, apiKey: 'ada.lovelace', apiSecret: 'hunter22' });
    // The Lenful user name is not a secret; the password is.
    expect(secrets).toEqual(['hunter22']);
    expect(redact('login failed for ada.lovelace with hunter22', secrets)).toBe('login failed for ada.lovelace with ••••');
  });
});
