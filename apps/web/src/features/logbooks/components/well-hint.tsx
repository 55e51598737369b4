import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The well select's description; a new logbook without any well to pick points to where to make one. */
export function WellHint({ settings, hasWells }: { settings: boolean; hasWells: boolean }) {
  if (settings) return <>The AI that answers its queries.</>;
  if (hasWells) return <>The AI that answers this Logbook’s queries.</>;
  return (
    <>
      You have no Wells yet.{' '}
      <Anchor component={Link} to={paths.wells.create.href()} size="xs">
        Create a Well
      </Anchor>{' '}
      to run queries.
    </>
  );
}
