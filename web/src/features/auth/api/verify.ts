import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/session';

export const VerifyClientDocument = graphql(`
  mutation VerifyClient($token: String!) {
    verifyClient(token: $token)
  }
`);

export const verifyClient = (client: ApiClient, token: string) =>
  client.request(VerifyClientDocument, { token }).then((r) => r.verifyClient);

export function useVerifyClient() {
  const client = useApiClient();
  return useMutation({ mutationFn: (token: string) => verifyClient(client, token) });
}
