import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router';
import { fromHome } from '../../../components/breadcrumbs';
import { Forbidden } from '../../../components/forbidden';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { useWell } from '../../../features/wells/api/get-well';
import { DeleteWellButton } from '../../../features/wells/components/delete-well-button';
import { WellDetails } from '../../../features/wells/components/well-details';

/** /wells/:wellid (WellsDetail). */
export function Component() {
  const { wellid = '' } = useParams();
  const navigate = useNavigate();
  const query = useWell(wellid);
  const well = query.data?.wells;

  return (
    <Page
      title={well?.title ?? 'Well'}
      breadcrumbs={fromHome(
        { label: 'Well Home', href: paths.wells.home.href() },
        { label: 'Well List', href: paths.wells.list.href() },
        { label: well?.title ?? 'Well' },
      )}
    >
      {query.isPending ? (
        <PageLoader label="Loading well" />
      ) : !well ? (
        <Forbidden text="This Well is Forbidden..." />
      ) : (
        <Stack>
          <Group gap="sm">
            {/* The new logbook form preselects this well. */}
            <Button
              component={Link}
              to={`${paths.logbooks.create.href()}?${new URLSearchParams({ well: well.wellid })}`}
            >
              Create Logbook
            </Button>
            {/* A well a caravan shares, or one rented, is its owner's to change, not the user's. */}
            {!well.caravan && !well.rental && (
              <>
                <Button component={Link} to={paths.wells.manage.href(well.wellid)} variant="default">
                  Settings
                </Button>
                <DeleteWellButton
                  wellid={well.wellid}
                  title={well.title}
                  onDeleted={() => {
                    notifications.show({ color: 'green', message: `Well '${well.title}' deleted.` });
                    navigate(paths.wells.list.href());
                  }}
                />
              </>
            )}
          </Group>
          <WellDetails well={well} />
        </Stack>
      )}
    </Page>
  );
}
