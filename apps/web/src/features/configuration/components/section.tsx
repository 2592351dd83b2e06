import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled part of a configuration tab (a landmark named by its heading). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `configuration-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
