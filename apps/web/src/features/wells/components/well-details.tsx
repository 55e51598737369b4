import type { Well } from '@caravanserai/api';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LabelledValue } from '../../../components/labelled-value';
import { OwnerLine } from '../../../components/owner-line';
import { paths } from '../../../config/paths';

/**
 * A well's saved settings; the key is only ever the server's masked copy, and a well a caravan
 * shares with the user, or one they rent, has none at all.
 */
export function WellDetails({ well }: { well: Well }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs">
        <Title order={2} fz={{ base: 22, sm: 26 }} style={{ overflowWrap: 'anywhere' }}>
          {well.title}
        </Title>
        <OwnerLine username={well.owner.username} size="sm" />
        {well.model_url !== undefined && (
          <LabelledValue label="Well Provider">{well.model_url}</LabelledValue>
        )}
        <LabelledValue label="Well Model">{well.origin_loc}</LabelledValue>
        <LabelledValue label="Well ID">{well.wellid}</LabelledValue>
        {well.caravan ? (
          <LabelledValue label="Shared by caravan">
            <Anchor component={Link} to={paths.caravans.detail.href(well.caravan.caravan_id)} size="sm">
              {well.caravan.name}
            </Anchor>{' '}
            (you query through it; its key stays with its owner)
          </LabelledValue>
        ) : well.rental ? (
          <LabelledValue label="Rented from">
            {well.rental.owner.username} (you query through it; its key stays with its owner) ·{' '}
            <Anchor component={Link} to={paths.bazaar.rentals.href()} size="sm">
              Your rentals
            </Anchor>
          </LabelledValue>
        ) : (
          <LabelledValue label="API Key">
            <Text span ff="monospace" size="sm">
              {well.AUTH_MODEL_KEY}
            </Text>
          </LabelledValue>
        )}
      </Stack>
    </Paper>
  );
}
