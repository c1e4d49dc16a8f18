import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { TelegramAlert } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const GetTelegramUserDocument = graphql(`
  query GetTelegramUser {
    getTelegramUser {
      id
      firstName
      lastName
      username
    }
  }
`);

export const GetTelegramAlertsDocument = graphql(`
  query GetTelegramAlerts {
    getTelegramAlerts
  }
`);

export const CreateTelegramLinkDocument = graphql(`
  mutation CreateTelegramLink {
    createTelegramLink {
      url
      botUsername
      expiresAt
    }
  }
`);

export const DisconnectTelegramBotDocument = graphql(`
  mutation DisconnectTelegramBot($id: ID!) {
    disconnectTelegramBot(id: $id)
  }
`);

export const SetTelegramAlertsDocument = graphql(`
  mutation SetTelegramAlerts($alerts: [TelegramAlert!]!) {
    setTelegramAlerts(alerts: $alerts)
  }
`);

export const telegramKeys = {
  all: rootKeys.telegram,
  user: () => [...telegramKeys.all, 'user'] as const,
  // Per linked account: linking chooses every alert, so a choice read before it is stale.
  alerts: (linkId: string | undefined) => [...telegramKeys.all, 'alerts', linkId ?? 'unlinked'] as const,
};

export const getTelegramUser = (client: ApiClient) =>
  client.request(GetTelegramUserDocument).then((r) => r.getTelegramUser);

export const telegramUserQueryOptions = (client: ApiClient, waitingForLink = false) =>
  queryOptions({
    queryKey: telegramKeys.user(),
    queryFn: () => getTelegramUser(client),
    // While a deep link is open in Telegram, look again until the bot has linked the user.
    refetchInterval: (query) => (waitingForLink && !query.state.data ? 3000 : false),
  });

export function useTelegramUser(waitingForLink = false) {
  return useQuery(telegramUserQueryOptions(useApiClient(), waitingForLink));
}

export const getTelegramAlerts = (client: ApiClient) =>
  client.request(GetTelegramAlertsDocument).then((r) => r.getTelegramAlerts);

export const telegramAlertsQueryOptions = (client: ApiClient, linkId: string | undefined) =>
  queryOptions({ queryKey: telegramKeys.alerts(linkId), queryFn: () => getTelegramAlerts(client) });

export function useTelegramAlerts(linkId: string | undefined) {
  return useQuery(telegramAlertsQueryOptions(useApiClient(), linkId));
}

export const createTelegramLink = (client: ApiClient) =>
  client.request(CreateTelegramLinkDocument).then((r) => r.createTelegramLink);

export function useCreateTelegramLink() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => createTelegramLink(client) });
}

export const disconnectTelegramBot = (client: ApiClient, id: string) =>
  client.request(DisconnectTelegramBotDocument, { id }).then((r) => r.disconnectTelegramBot);

export function useDisconnectTelegramBot() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => disconnectTelegramBot(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: telegramKeys.user() }),
  });
}

export const setTelegramAlerts = (client: ApiClient, alerts: TelegramAlert[]) =>
  client.request(SetTelegramAlertsDocument, { alerts }).then((r) => r.setTelegramAlerts);

export function useSetTelegramAlerts(linkId: string | undefined) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alerts: TelegramAlert[]) => setTelegramAlerts(client, alerts),
    onSuccess: (saved) => queryClient.setQueryData(telegramKeys.alerts(linkId), saved),
  });
}
