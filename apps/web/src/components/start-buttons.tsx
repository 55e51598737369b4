import { Button } from '@mantine/core';
import { Link } from 'react-router';

export interface LinkTo {
  label: string;
  href: string;
}

/** The two ways into an area: start a new one, or load one to carry on. */
export function StartButtons({ start, load }: { start: LinkTo; load: LinkTo }) {
  return (
    <>
      <Button component={Link} to={start.href} size="md">
        {start.label}
      </Button>
      <Button component={Link} to={load.href} size="md" variant="default">
        {load.label}
      </Button>
    </>
  );
}
