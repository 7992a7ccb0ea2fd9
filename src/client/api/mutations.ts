import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation that, once it succeeds, marks every query under the keys it names stale, so
 * what is on screen refetches. Each area's file says once, per mutation, what it touches.
 */
export function useMutationThatInvalidates<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  invalidates: (data: TData, variables: TVariables) => QueryKey[],
  onSuccess?: (data: TData, variables: TVariables) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      onSuccess?.(data, variables);
      await Promise.all(invalidates(data, variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
