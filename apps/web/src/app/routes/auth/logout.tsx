import { Button, Paper, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { useLogout } from '../../../features/auth/api/logout';

export function Component() {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Page title="Logout" heading="Logout" size="xs">
      <Paper withBorder p="lg">
        <Text mb="md">Would you like to Logout?</Text>
        <Button
          loading={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.home.href()) })}
        >
          Logout
        </Button>
      </Paper>
    </Page>
  );
}
