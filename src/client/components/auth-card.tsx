import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card of the pages outside the app: /login, /signup, the e-mailed links' pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="lg" w="100%" maw={420}>
        <Stack gap="md">
          <div>
            <Text fw={700} c="blue.9" size="sm">
              Rounds
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
