import { Alert, Button, Container } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a page fails to load or throws: says so, and offers a way back. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title="This page could not be shown" role="alert">
        {message}
      </Alert>
      <Button component={Link} to="/" mt="md" variant="default">
        Back to Home
      </Button>
    </Container>
  );
}
