import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { LoginInput } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export const LoginDocument = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      accessToken
    }
  }
`);

export const login = (client: ApiClient, input: LoginInput) =>
  client.request(LoginDocument, { input }).then((r) => r.login.accessToken);

/** Signs in and stores the token; the public-route guard then sends the user on. */
export function useLogin() {
  const { client, signIn } = useSession();
  return useMutation({
    mutationFn: (input: LoginInput) => login(client, input),
    onSuccess: (token) => signIn(token),
  });
}
