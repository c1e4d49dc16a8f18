import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { MeQuery, Role } from '@/gql/graphql';
import type { ApiClient } from './api-client';
import { rootKeys } from './query-keys';
import { useSession } from './session';

export const MeDocument = graphql(`
  query Me {
    getMe {
      id
      email
      firstName
      lastName
      role
      createdAt
      client {
        id
        name
        key
        isActive
        promotionsEnabled
      }
      settings {
        id
        name
        value
        createdAt
      }
    }
  }
`);

export type CurrentUser = MeQuery['getMe'];

export const authKeys = {
  all: rootKeys.auth,
  me: () => [...rootKeys.auth, 'me'] as const,
};

export const getMe = (client: ApiClient) => client.request(MeDocument).then((r) => r.getMe);

export const meQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: authKeys.me(), queryFn: () => getMe(client), staleTime: 5 * 60_000 });

/** The signed-in user (undefined while loading or when signed out). */
export function useCurrentUser() {
  const { client, isAuthenticated } = useSession();
  return useQuery({ ...meQueryOptions(client), enabled: isAuthenticated });
}

/** The zone every date is shown in: the user's TIMEZONE setting, else the browser's. */
export function timezoneOf(user: Pick<CurrentUser, 'settings'> | undefined, fallback: string): string {
  const setting = user?.settings.find((s) => s.name === 'TIMEZONE')?.value;
  return setting && setting.trim() !== '' ? setting : fallback;
}

export function useTimezone(): string {
  const { browserTimezone } = useSession();
  const { data } = useCurrentUser();
  return timezoneOf(data, browserTimezone);
}

/** Who may open what (DESIGN.md §4); the API enforces the same rules. */
export type Access = 'signedIn' | 'admin' | 'superAdmin' | 'promotions';

export interface AccessSubject {
  role: Role;
  client?: { promotionsEnabled: boolean } | null;
}

export function canAccess(user: AccessSubject, access: Access): boolean {
  switch (access) {
    case 'signedIn':
      return true;
    case 'admin':
      return user.role === 'ADMIN' || user.role === 'SUPER_ADMIN';
    case 'superAdmin':
      return user.role === 'SUPER_ADMIN';
    case 'promotions':
      return user.client?.promotionsEnabled === true;
  }
}

export const roleLabels: Record<Role, string> = {
  SUPER_ADMIN: 'Super admin',
  ADMIN: 'Admin',
  STAFF: 'Staff',
};
