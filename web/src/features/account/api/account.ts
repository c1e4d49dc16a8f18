import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { ChangePasswordInput, UserSettingInput } from '@/gql/graphql';
import { meQueryKey } from '@/lib/auth';
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

export function useChangePassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => client.request(ChangePasswordDocument, { input }).then((r) => r.changePassword),
  });
}

export function useUpdateUserSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettingInput[]) =>
      client.request(UpdateUserSettingsDocument, { input: { settings } }).then((r) => r.updateUserSettings),
    // The timezone lives on the current user; reloading it re-renders every date on screen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
