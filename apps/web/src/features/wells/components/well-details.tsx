import type { Well } from '@caravanserai/api';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { OwnerLine } from '../../../components/owner-line';
import { WellField } from './well-field';

/** A well's saved settings; the key is only ever the server's masked copy. */
export function WellDetails({ well }: { well: Well }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs">
        <Title order={2} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
          {well.title}
        </Title>
        <OwnerLine username={well.owner.username} size="sm" />
        <WellField label="Well Provider">{well.model_url}</WellField>
        <WellField label="Well Model">{well.origin_loc}</WellField>
        <WellField label="Well ID">{well.wellid}</WellField>
        <WellField label="API Key">
          <Text span ff="monospace" size="sm">
            {well.AUTH_MODEL_KEY}
          </Text>
        </WellField>
      </Stack>
    </Paper>
  );
}
