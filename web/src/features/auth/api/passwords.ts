import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/session';

export const ForgotPasswordDocument = graphql(`
  mutation ForgotPassword($email: String!) {
    forgotPassword(email: $email)
  }
`);

export const ResetPasswordWithTokenDocument = graphql(`
  mutation ResetPasswordWithToken($token: String!, $password: String!) {
    resetPasswordWithToken(token: $token, password: $password)
  }
`);

export const forgotPassword = (client: ApiClient, email: string) =>
  client.request(ForgotPasswordDocument, { email }).then((r) => r.forgotPassword);

export const resetPasswordWithToken = (client: ApiClient, token: string, password: string) =>
  client.request(ResetPasswordWithTokenDocument, { token, password }).then((r) => r.resetPasswordWithToken);

export function useForgotPassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: (email: string) => forgotPassword(client, email) });
}

export function useResetPasswordWithToken() {
  const client = useApiClient();
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) => resetPasswordWithToken(client, token, password),
  });
}

/** The password rule shown next to every new-password field. */
export const PASSWORD_MIN_LENGTH = 8;
