import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/**
 * The app's one query cache. It is created when the first page that reads data loads this file,
 * not by the entry: /login and /signup never load TanStack Query.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not fix itself; retry only network and server failures.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});
