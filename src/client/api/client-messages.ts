import { useQuery } from '@tanstack/react-query';
import type {
  ClientMessageDto,
  ClientNotificationsDto,
  ClientNotificationsInput,
  UnsubscribeDto,
} from '../../shared/schemas/client-messages';
import { api } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';

// The client's e-mail notifications as staff see them (a visit's or an invoice's
// messages, a client's switches and consent record) and the unsubscribe link's page.

const messageKeys = {
  visit: (id: string) => [...areaKeys.visits, 'detail', id, 'messages'] as const,
  invoice: (id: string) => [...areaKeys.invoices, 'detail', id, 'messages'] as const,
  client: (id: string) => [...areaKeys.clients, 'detail', id, 'notifications'] as const,
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
};

/** `GET /api/visits/{id}/messages` or `/api/invoices/{id}/messages`. */
export const useClientMessages = (record: { kind: 'visit' | 'invoice'; id: string }) =>
  useQuery({
    queryKey: messageKeys[record.kind](record.id),
    queryFn: async () => (await api<{ items: ClientMessageDto[] }>(`/api/${record.kind}s/${record.id}/messages`)).items,
  });

export const useClientNotifications = (clientId: string) =>
  useQuery({
    queryKey: messageKeys.client(clientId),
    queryFn: () => api<ClientNotificationsDto>(`/api/clients/${clientId}/notifications`),
  });

export const useSetClientNotifications = (clientId: string) =>
  useMutationThatInvalidates(
    (body: ClientNotificationsInput) =>
      api<ClientNotificationsDto>(`/api/clients/${clientId}/notifications`, { method: 'PUT', body: { ...body } }),
    () => [messageKeys.client(clientId)],
  );

export const useUnsubscribeInfo = (token: string) =>
  useQuery({
    queryKey: messageKeys.unsubscribe(token),
    queryFn: () => api<UnsubscribeDto>(`/api/unsubscribe/${encodeURIComponent(token)}`),
    retry: false,
  });

export const useUnsubscribe = (token: string) =>
  useMutationThatInvalidates(
    () => api<UnsubscribeDto>(`/api/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' }),
    () => [messageKeys.unsubscribe(token)],
  );
