import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { ChangePasswordInput, UserSettingInput } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import { useApiClient } from '@/lib/session';

export const ChangePasswordDocument = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input)
  }
`);

export const UpdateUserSettingsDocument = graphql(`
  mutation UpdateUserSettings($input: UpdateUserSettingsInput!) {
    updateUserSettings(input: $input) {
      id
      name
      value
      createdAt
    }
  }
`);

// The sign-in after a password change (which revokes every token); account cannot use the auth
// feature's login, so it keeps its own document.
export const ReloginDocument = graphql(`
  mutation Relogin($input: LoginInput!) {
    login(input: $input) {
      accessToken
    }
  }
`);

export const changePassword = (client: ApiClient, input: ChangePasswordInput) =>
  client.request(ChangePasswordDocument, { input }).then((r) => r.changePassword);

export function useChangePassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: ChangePasswordInput) => changePassword(client, input) });
}

export const updateUserSettings = (client: ApiClient, settings: UserSettingInput[]) =>
  client.request(UpdateUserSettingsDocument, { input: { settings } }).then((r) => r.updateUserSettings);

export function useUpdateUserSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettingInput[]) => updateUserSettings(client, settings),
    // The timezone lives on the current user; reloading it re-renders every date on screen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}

/** Signs in again with the new password; answers the new access token. */
export const relogin = (client: ApiClient, email: string, password: string) =>
  client.request(ReloginDocument, { input: { email, password } }).then((r) => r.login.accessToken);
