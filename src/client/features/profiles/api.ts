import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileDto } from '../../../shared/schemas/auth';
import type { Page } from '../../../shared/schemas/common';
import type { SecondaryProfileDto, SecondaryProfileInput, UpdateProfileInput } from '../../../shared/schemas/profiles';
import { api } from '../../api/http';
import { sessionKeys } from '../../api/session';

// ── own profile and password ──

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      api<ProfileDto>('/api/me/profile', { method: 'PATCH', body: { ...input } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}

/** better-auth's change-password; every other session of the user is signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api<unknown>('/api/auth/change-password', { method: 'POST', body: { ...input, revokeOtherSessions: true } }),
  });
}

/** For accounts made through Google: set a first password. */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { newPassword: string }) => api<void>('/api/me/password', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}

// ── secondary profiles ──

export const secondaryProfileKeys = {
  all: ['secondary-profiles'] as const,
  list: (page: { limit: number; offset: number }) => [...secondaryProfileKeys.all, 'list', page] as const,
  detail: (id: string) => [...secondaryProfileKeys.all, 'detail', id] as const,
};

export const secondaryProfilesQuery = (page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: secondaryProfileKeys.list(page),
    queryFn: () => api<Page<SecondaryProfileDto>>(`/api/secondary-profiles?limit=${page.limit}&offset=${page.offset}`),
    placeholderData: keepPreviousData,
  });

export const secondaryProfileQuery = (id: string) =>
  queryOptions({
    queryKey: secondaryProfileKeys.detail(id),
    queryFn: () => api<SecondaryProfileDto>(`/api/secondary-profiles/${id}`),
  });

export const useSecondaryProfiles = (page: { limit: number; offset: number }) => useQuery(secondaryProfilesQuery(page));
export const useSecondaryProfile = (id: string) => useQuery(secondaryProfileQuery(id));

export function useSaveSecondaryProfile(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondaryProfileInput) =>
      id
        ? api<SecondaryProfileDto>(`/api/secondary-profiles/${id}`, { method: 'PATCH', body: { ...input } })
        : api<SecondaryProfileDto>('/api/secondary-profiles', { method: 'POST', body: { ...input } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondaryProfileKeys.all }),
  });
}

export function useDeleteSecondaryProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/secondary-profiles/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondaryProfileKeys.all }),
  });
}
