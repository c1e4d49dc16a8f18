import { graphql } from '@/gql';
import { createFakeApi, gqlError } from '@/testing/fake-api';
import { ACCEPT, ApiError, GRAPHQL_RESPONSE, MISSING_RESPONSE_MESSAGE, createApiClient } from './api-client';

const Probe = graphql(`
  query ApiClientProbe {
    getQueueStats {
      type
    }
  }
`);

const ok = { body: { data: { getQueueStats: [{ type: 'mail.send' }] } } };

describe('api client', () => {
  it('sends operationName, query and a bearer token when there is one', async () => {
    const api = createFakeApi({ ApiClientProbe: () => ok });
    const client = createApiClient({ endpoint: '/graphql', token: 'tok.en.value', fetch: api.fetch });
    await expect(client.request(Probe)).resolves.toEqual({ getQueueStats: [{ type: 'mail.send' }] });
    const call = api.calls[0]!;
    expect(new URL(call.url).pathname).toBe('/graphql');
    expect(call.operationName).toBe('ApiClientProbe');
    expect(call.query).toContain('getQueueStats');
    expect(call.headers.get('authorization')).toBe('Bearer tok.en.value');
    // GraphQL over HTTP: its own media type first, JSON for a server that has only that.
    expect(call.headers.get('accept')).toBe(ACCEPT);
    expect(ACCEPT).toBe('application/graphql-response+json, application/json;q=0.9');
  });

  it('sends no Authorization header without a token', async () => {
    const api = createFakeApi({ ApiClientProbe: () => ok });
    await createApiClient({ endpoint: '/graphql', token: null, fetch: api.fetch }).request(Probe);
    expect(api.calls[0]!.headers.has('authorization')).toBe(false);
  });

  it('surfaces a status of 300 or more with the status code', async () => {
    const api = createFakeApi({ ApiClientProbe: () => ({ status: 502, raw: '<html>bad gateway</html>' }) });
    const request = createApiClient({ endpoint: '/graphql', token: null, fetch: api.fetch }).request(Probe);
    await expect(request).rejects.toThrow('Response not successful: Received status code 502');
  });

  it('surfaces an empty body as a missing response', async () => {
    const api = createFakeApi({ ApiClientProbe: () => ({ raw: '' }) });
    const request = createApiClient({ endpoint: '/graphql', token: null, fetch: api.fetch }).request(Probe);
    await expect(request).rejects.toThrow(MISSING_RESPONSE_MESSAGE);
  });

  it('rejects with the server message, code and field', async () => {
    const api = createFakeApi({ ApiClientProbe: () => gqlError('email is taken', 'CONFLICT', 'email') });
    const error = await createApiClient({ endpoint: '/graphql', token: null, fetch: api.fetch })
      .request(Probe)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'email is taken', code: 'CONFLICT', field: 'email' });
  });

  it('looks at every error on its own: UNAUTHENTICATED and PAYMENT_REQUIRED in one response', async () => {
    const api = createFakeApi({
      ApiClientProbe: () => ({
        body: {
          data: null,
          errors: [
            { message: 'PAYMENT_REQUIRED', extensions: { code: 'PAYMENT_REQUIRED' } },
            { message: 'token revoked', extensions: { code: 'UNAUTHENTICATED' } },
          ],
        },
      }),
    });
    const onUnauthenticated = vi.fn();
    const onPaymentRequired = vi.fn();
    const client = createApiClient({ endpoint: '/graphql', token: 'a.b.c', fetch: api.fetch, onUnauthenticated, onPaymentRequired });
    await expect(client.request(Probe)).rejects.toThrow('PAYMENT_REQUIRED');
    expect(onPaymentRequired).toHaveBeenCalledTimes(1);
    expect(onUnauthenticated).toHaveBeenCalledWith('a.b.c');
  });

  it('still reacts to error codes in a non-2xx answer', async () => {
    const api = createFakeApi({ ApiClientProbe: () => ({ status: 401, ...gqlError('expired', 'UNAUTHENTICATED') }) });
    const onUnauthenticated = vi.fn();
    const client = createApiClient({ endpoint: '/graphql', token: 'x.y.z', fetch: api.fetch, onUnauthenticated });
    await expect(client.request(Probe)).rejects.toThrow('Response not successful: Received status code 401');
    expect(onUnauthenticated).toHaveBeenCalledWith('x.y.z');
  });

  it('reads a refused request (400 in GraphQL media type) as the server wrote it', async () => {
    const api = createFakeApi({
      ApiClientProbe: () => ({
        status: 400,
        contentType: `${GRAPHQL_RESPONSE}; charset=utf-8`,
        body: { errors: [{ message: 'Variable "$limit" got invalid value', extensions: { code: 'BAD_USER_INPUT', field: 'limit' } }] },
      }),
    });
    const error = await createApiClient({ endpoint: '/graphql', token: null, fetch: api.fetch })
      .request(Probe)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Variable "$limit" got invalid value', code: 'BAD_USER_INPUT', field: 'limit', status: 400 });
  });

  it('reacts to codes in a GraphQL-media error answer too', async () => {
    const api = createFakeApi({ ApiClientProbe: () => ({ status: 400, contentType: GRAPHQL_RESPONSE, ...gqlError('token revoked', 'UNAUTHENTICATED') }) });
    const onUnauthenticated = vi.fn();
    const client = createApiClient({ endpoint: '/graphql', token: 'q.r.s', fetch: api.fetch, onUnauthenticated });
    await expect(client.request(Probe)).rejects.toThrow('token revoked');
    expect(onUnauthenticated).toHaveBeenCalledWith('q.r.s');
  });

  it('keeps the status message for a GraphQL-media answer without errors, and for other media', async () => {
    const empty = createFakeApi({ ApiClientProbe: () => ({ status: 503, contentType: GRAPHQL_RESPONSE, raw: '<html>maintenance</html>' }) });
    await expect(createApiClient({ endpoint: '/graphql', token: null, fetch: empty.fetch }).request(Probe)).rejects.toThrow(
      'Response not successful: Received status code 503',
    );
    const json = createFakeApi({ ApiClientProbe: () => ({ status: 400, ...gqlError('bad', 'BAD_USER_INPUT') }) });
    await expect(createApiClient({ endpoint: '/graphql', token: null, fetch: json.fetch }).request(Probe)).rejects.toThrow(
      'Response not successful: Received status code 400',
    );
  });
});
