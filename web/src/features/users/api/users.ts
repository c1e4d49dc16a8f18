import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { CreateUserInput } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const GetUsersDocument = graphql(`
  query GetUsers($limit: Int, $page: Int) {
    getUsers(limit: $limit, page: $page) {
      items {
        id
        email
        firstName
        lastName
        role
        createdAt
        shops {
          id
          name
        }
      }
      pageInfo {
        totalCount
        hasNextPage
        hasPreviousPage
      }
    }
  }
`);

export const CreateUserDocument = graphql(`
  mutation CreateUser($input: CreateUserInput!) {
    signUp(input: $input)
  }
`);

export const RemoveUserDocument = graphql(`
  mutation RemoveUser($id: ID!) {
    removeUser(id: $id)
  }
`);

export const ResetPasswordDocument = graphql(`
  mutation ResetPassword($userId: ID!) {
    resetPassword(userId: $userId)
  }
`);

export interface UsersPage {
  page: number;
  limit: number;
}

export const usersKeys = {
  all: rootKeys.users,
  list: (p: UsersPage) => [...rootKeys.users, 'list', p] as const,
};

export const getUsers = (client: ApiClient, { page, limit }: UsersPage) =>
  client.request(GetUsersDocument, { page, limit }).then((r) => r.getUsers);

export const usersQueryOptions = (client: ApiClient, p: UsersPage) =>
  queryOptions({ queryKey: usersKeys.list(p), queryFn: () => getUsers(client, p), placeholderData: keepPreviousData });

export function useUsers(p: UsersPage) {
  return useQuery(usersQueryOptions(useApiClient(), p));
}

export const createUser = (client: ApiClient, input: CreateUserInput) => client.request(CreateUserDocument, { input }).then((r) => r.signUp);

export function useCreateUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => createUser(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export const removeUser = (client: ApiClient, id: string) => client.request(RemoveUserDocument, { id }).then((r) => r.removeUser);

export function useRemoveUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeUser(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export const sendResetLink = (client: ApiClient, userId: string) => client.request(ResetPasswordDocument, { userId }).then((r) => r.resetPassword);

export function useSendResetLink() {
  const client = useApiClient();
  return useMutation({ mutationFn: (userId: string) => sendResetLink(client, userId) });
}
