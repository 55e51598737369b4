import { ListPage } from '../../../components/list-page';
import { paths } from '../../../config/paths';
import { useWells } from '../../../features/wells/api/get-wells';
import { WellList } from '../../../features/wells/components/well-list';

/** /wells/list/ (WellsHome): the signed-in user's wells. */
export function Component() {
  const wells = useWells();
  return (
    <ListPage
      title="Your Wells"
      area={{ label: 'Well Home', href: paths.wells.home.href() }}
      crumb="Well List"
      create={{ label: 'New Well', href: paths.wells.create.href() }}
    >
      {/* A failed load (usually: signed out) shows the same hints as an empty list. */}
      <WellList wells={wells.data?.wells ?? []} loading={wells.isPending} />
    </ListPage>
  );
}
