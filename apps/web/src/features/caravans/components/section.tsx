import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One titled part of the caravan page, a region named by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz={{ base: 18, sm: 20 }} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
