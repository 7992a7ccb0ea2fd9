import { Card, Center, Loader, Skeleton, Stack } from '@mantine/core';

/** A spinner in place of something that is loading, named for screen readers. */
export function Loading({
  label = 'Loading...',
  size,
  minHeight,
}: {
  label?: string;
  size?: string;
  minHeight?: string;
}) {
  return (
    <Center py="md" mih={minHeight} role="status" aria-label={label}>
      <Loader size={size} />
    </Center>
  );
}

/** The shape of a detail page while it loads: a card of facts and a couple of sections. */
export function DetailSkeleton({ label = 'Loading...' }: { label?: string }) {
  return (
    <Stack gap="lg" role="status" aria-label={label} aria-busy>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Skeleton height={18} width="60%" />
          <Skeleton height={12} width="40%" />
          <Skeleton height={12} width="80%" />
        </Stack>
      </Card>
      {[0, 1].map((key) => (
        <Card key={key} withBorder padding="md">
          <Stack gap="sm">
            <Skeleton height={16} width="30%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="90%" />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
