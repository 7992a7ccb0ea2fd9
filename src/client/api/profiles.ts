import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ProfileDto } from '../../shared/schemas/auth';
import type { Page } from '../../shared/schemas/common';
import type { SecondaryProfileDto, SecondaryProfileInput, UpdateProfileInput } from '../../shared/schemas/profiles';
import { api, queryString } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';

// The own profile and password (/api/me, better-auth), and secondary profiles.

export const useUpdateProfile = () =>
  useMutationThatInvalidates(
    (input: UpdateProfileInput) => api<ProfileDto>('/api/me/profile', { method: 'PATCH', body: { ...input } }),
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
    (input: { newPassword: string }) => api<void>('/api/me/password', { method: 'POST', body: input }),
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
    queryFn: () => api<Page<SecondaryProfileDto>>(`/api/secondary-profiles${queryString(page)}`),
    placeholderData: keepPreviousData,
  });

export const secondaryProfileQuery = (id: string) =>
  queryOptions({
    queryKey: secondaryProfileKeys.detail(id),
    queryFn: () => api<SecondaryProfileDto>(`/api/secondary-profiles/${id}`),
  });

export const useSecondaryProfiles = (page: { limit: number; offset: number }) => useQuery(secondaryProfilesQuery(page));
export const useSecondaryProfile = (id: string) => useQuery(secondaryProfileQuery(id));

export const useSaveSecondaryProfile = (id?: string) =>
  useMutationThatInvalidates(
    (input: SecondaryProfileInput) =>
      id
        ? api<SecondaryProfileDto>(`/api/secondary-profiles/${id}`, { method: 'PATCH', body: { ...input } })
        : api<SecondaryProfileDto>('/api/secondary-profiles', { method: 'POST', body: { ...input } }),
    () => [secondaryProfileKeys.all],
  );

export const useDeleteSecondaryProfile = () =>
  useMutationThatInvalidates(
    (id: string) => api<void>(`/api/secondary-profiles/${id}`, { method: 'DELETE' }),
    () => [secondaryProfileKeys.all],
  );
