import { Alert, Anchor, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { FormPage } from '../../../components/form-page';
import { paths } from '../../../config/paths';
import { useCreateWell } from '../../../features/wells/api/create-well';
import { useWells } from '../../../features/wells/api/get-wells';
import { WellForm } from '../../../features/wells/components/well-form';
import { EMPTY_WELL_VALUES } from '../../../features/wells/lib/well-values';

/** /wells/create/: the choices come with the well list, so that call must succeed first. */
export function Component() {
  const navigate = useNavigate();
  const wells = useWells();
  const create = useCreateWell();

  return (
    <FormPage
      title="New Well"
      heading="New Well Form"
      size="sm"
      loading={wells.isPending}
      loadingLabel="Loading AI providers"
      failure={
        wells.isError && (
          <Alert color="red" variant="light" role="alert" title="The AI providers could not be loaded.">
            <Text size="sm">
              {wells.error instanceof Error ? wells.error.message : 'The server did not answer.'}
            </Text>
            <Text size="sm" mt="xs">
              You may need to{' '}
              <Anchor component={Link} to={paths.login.href()}>
                login
              </Anchor>{' '}
              first.
            </Text>
          </Alert>
        )
      }
    >
      {wells.data && (
        <WellForm
          choices={wells.data.origin_loc_choices}
          initialValues={EMPTY_WELL_VALUES}
          keyMode="visible"
          submitLabel="Submit"
          onSubmit={async (body) => {
            await create.mutateAsync(body);
            navigate(paths.wells.list.href());
          }}
        />
      )}
    </FormPage>
  );
}
