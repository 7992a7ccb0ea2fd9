import { Text } from '@mantine/core';
import { PageShell } from '../../shell/page-shell';

/** A plain page inside the shell for areas that are not built yet. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <PageShell title={title} crumbs={[{ label: title }]}>
      <Text c="dimmed">{title} are not available yet. This area is being built.</Text>
    </PageShell>
  );
}
