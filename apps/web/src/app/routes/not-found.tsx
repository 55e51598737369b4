import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';

export function Component() {
  return (
    <Page title="Not found" heading="Nothing here">
      <Text mb="md">This address does not lead anywhere in the caravanserai.</Text>
      <Button component={Link} to={paths.home.href()} variant="default">
        Back to Home
      </Button>
    </Page>
  );
}
