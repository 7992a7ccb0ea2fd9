import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SecondaryProfileInput, UpdateProfileInput } from '../../shared/schemas/profiles';
import { api } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { del, get, patch, post } from './contract';

// The own profile and password (/api/me, better-auth), and secondary profiles.

export const useUpdateProfile = () =>
  useMutationThatInvalidates(
    (input: UpdateProfileInput) => patch('/me/profile', { json: { ...input } }),
    () => [areaKeys.me],
  );

/** better-auth's change-password; every other session of the user is signed out. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api<unknown>('/api/auth/change-password', { method: 'POST', body: { ...input, revokeOtherSessions: true } }),
  });

/** For accounts made through Google: set a first password. */
export const useSetPassword = () =>
  useMutationThatInvalidates(
    (input: { newPassword: string }) => post('/me/password', { json: input }),
    () => [areaKeys.me],
  );

// ── secondary profiles ──

export const secondaryProfileKeys = {
  all: areaKeys.secondaryProfiles,
  list: (page: { limit: number; offset: number }) => [...secondaryProfileKeys.all, 'list', page] as const,
  detail: (id: string) => [...secondaryProfileKeys.all, 'detail', id] as const,
};

export const secondaryProfilesQuery = (page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: secondaryProfileKeys.list(page),
    queryFn: () => get('/secondary-profiles', { query: page }),
    placeholderData: keepPreviousData,
  });

export const secondaryProfileQuery = (id: string) =>
  queryOptions({
    queryKey: secondaryProfileKeys.detail(id),
    queryFn: () => get('/secondary-profiles/:id', { param: { id } }),
  });

export const useSecondaryProfiles = (page: { limit: number; offset: number }) => useQuery(secondaryProfilesQuery(page));
export const useSecondaryProfile = (id: string) => useQuery(secondaryProfileQuery(id));

export const useSaveSecondaryProfile = (id?: string) =>
  useMutationThatInvalidates(
    (input: SecondaryProfileInput) =>
      id
        ? patch('/secondary-profiles/:id', { param: { id }, json: { ...input } })
        : post('/secondary-profiles', { json: { ...input } }),
    () => [secondaryProfileKeys.all],
  );

export const useDeleteSecondaryProfile = () =>
  useMutationThatInvalidates(
    (id: string) => del('/secondary-profiles/:id', { param: { id } }),
    () => [secondaryProfileKeys.all],
  );
