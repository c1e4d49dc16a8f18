import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { SignUpClientInput } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const SignUpClientDocument = graphql(`
  mutation SignUpClient($input: SignUpClientInput!) {
    signUpClient(input: $input)
  }
`);

export const CheckDuplicateClientKeyDocument = graphql(`
  mutation CheckDuplicateClientKey($key: String!) {
    checkDuplicateClientKey(key: $key)
  }
`);

/** Same rule as the API: lowercase letters, digits and '-', 3 to 32 characters. */
export const CLIENT_KEY_PATTERN = /^[a-z0-9-]{3,32}$/;

export const signUpClient = (client: ApiClient, input: SignUpClientInput) =>
  client.request(SignUpClientDocument, { input }).then((r) => r.signUpClient);

export const isClientKeyTaken = (client: ApiClient, key: string) =>
  client.request(CheckDuplicateClientKeyDocument, { key }).then((r) => r.checkDuplicateClientKey);

export const signUpKeys = {
  clientKey: (key: string) => [...rootKeys.auth, 'client-key', key] as const,
};

// The contract makes the check a mutation, but it changes nothing: caching it as a query lets
// the live check skip keys already asked about.
export const clientKeyQueryOptions = (client: ApiClient, key: string) =>
  queryOptions({
    queryKey: signUpKeys.clientKey(key),
    queryFn: () => isClientKeyTaken(client, key),
    staleTime: 30_000,
  });

export function useClientKeyTaken(key: string) {
  const client = useApiClient();
  return useQuery({ ...clientKeyQueryOptions(client, key), enabled: CLIENT_KEY_PATTERN.test(key) });
}

export function useSignUpClient() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: SignUpClientInput) => signUpClient(client, input) });
}
