import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, useLayoutEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { removePageFrame } from './page-frame';

/** Shown when a route fails to render or its code fails to load (e.g. after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  useLayoutEffect(removePageFrame, []);
  return (
    <Center component="main" mih="60vh" p="md">
      <Stack align="center" gap="sm" role="alert">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">{error instanceof Error ? `Error: ${error.message}` : 'This page could not be shown.'}</Text>
        <Button onClick={() => window.location.reload()}>Refresh page</Button>
      </Stack>
    </Center>
  );
}

class ErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  // Going to another address clears the error, as a router's error element does.
  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** Catches what any route throws while rendering or loading, and shows `RouteError` in its place. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary resetKey={location.key}>{children}</ErrorBoundary>;
}
