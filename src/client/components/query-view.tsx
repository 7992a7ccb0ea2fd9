import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBox } from './error-box';
import { frameState, type FrameQuery } from '../lib/frame-state';
import { DetailSkeleton, Loading } from './loading';

export type { FrameQuery };

export const OFFLINE_TEXT = 'Not available offline';

/** Said in place of a page's content when it needs the network and the browser has none. */
export function OfflineNotice() {
  return (
    <Alert color="gray" variant="light" role="status">
      <Text size="sm">{OFFLINE_TEXT}</Text>
    </Alert>
  );
}

/**
 * The one place that turns a query into what a page shows: the loading state (`skeleton` for a
 * detail page's shape, a spinner otherwise), 'Not available offline', 'Error: {message}' with
 * 'Try again' (`fallback` when the error has no message: the spec's not-found text), or the page's
 * own content from `children(data)`.
 */
export function QueryView<T>({
  query,
  loading = 'Loading...',
  skeleton = false,
  size,
  fallback,
  retry = true,
  describeError,
  children,
}: {
  query: FrameQuery<T>;
  /** The loading state's accessible name, e.g. 'Loading invoice'. */
  loading?: string;
  skeleton?: boolean;
  /** The spinner's size, 'sm' inside a panel. */
  size?: string;
  fallback?: string;
  /** false where trying again cannot help (a record that is not there). */
  retry?: boolean;
  /** Where the spec words a failed load its own way ('Failed to load profile: {message}'). */
  describeError?: (error: unknown) => string;
  children: (data: T) => ReactNode;
}) {
  switch (frameState(query)) {
    case 'offline':
      return <OfflineNotice />;
    case 'loading':
      return skeleton ? <DetailSkeleton label={loading} /> : <Loading label={loading} size={size} />;
    case 'error':
      return (
        <ErrorBox
          error={query.error}
          fallback={fallback}
          onRetry={retry && query.refetch ? () => void query.refetch?.() : undefined}
        >
          {describeError?.(query.error)}
        </ErrorBox>
      );
    case 'ready':
      return <>{children(query.data as T)}</>;
  }
}
