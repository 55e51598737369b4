import type { Well } from '@caravanserai/api';
import { Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { WellField } from './well-field';
import classes from './well-list.module.css';

/** The user's wells, each card one link to the well's page. */
export function WellList({ wells }: { wells: Well[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {wells.map((well) => (
        <li key={well.wellid}>
          <Paper
            component={Link}
            to={paths.wells.detail.href(well.wellid)}
            withBorder
            p="md"
            className={classes.card}
          >
            <Stack gap={2}>
              <WellField label="Well Name">{well.title}</WellField>
              <WellField label="Model">{well.origin_loc}</WellField>
              <WellField label="Well ID">{well.wellid}</WellField>
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
