import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The signed-out view: the Mapper CLI is only handed to signed-in users. */
export function DownloadLoginPrompt() {
  return (
    <Stack gap="md" align="flex-start">
      <Text>To download the terminal application, please login.</Text>
      <Button component={Link} to={paths.login.href()}>
        Login
      </Button>
    </Stack>
  );
}
