import { useQuery } from '@tanstack/react-query';
import type { ClientNotificationsInput } from '../../shared/schemas/client-messages';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { get, post, put } from './contract';

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
    queryFn: async () => {
      const param = { id: record.id };
      const page =
        record.kind === 'visit'
          ? await get('/visits/:id/messages', { param })
          : await get('/invoices/:id/messages', { param });
      return page.items;
    },
  });

export const useClientNotifications = (clientId: string) =>
  useQuery({
    queryKey: messageKeys.client(clientId),
    queryFn: () => get('/clients/:id/notifications', { param: { id: clientId } }),
  });

export const useSetClientNotifications = (clientId: string) =>
  useMutationThatInvalidates(
    (body: ClientNotificationsInput) =>
      put('/clients/:id/notifications', { param: { id: clientId }, json: { ...body } }),
    () => [messageKeys.client(clientId)],
  );

export const useUnsubscribeInfo = (token: string) =>
  useQuery({
    queryKey: messageKeys.unsubscribe(token),
    queryFn: () => get('/unsubscribe/:token', { param: { token } }),
    retry: false,
  });

export const useUnsubscribe = (token: string) =>
  useMutationThatInvalidates(
    () => post('/unsubscribe/:token', { param: { token } }),
    () => [messageKeys.unsubscribe(token)],
  );
