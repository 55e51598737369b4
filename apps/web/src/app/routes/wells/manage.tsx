import { useNavigate, useParams } from 'react-router';
import { Forbidden } from '../../../components/forbidden';
import { ExitWithoutSaving } from '../../../components/form-actions';
import { FormPage } from '../../../components/form-page';
import { paths } from '../../../config/paths';
import { useWell } from '../../../features/wells/api/get-well';
import { useUpdateWell } from '../../../features/wells/api/update-well';
import { WellForm } from '../../../features/wells/components/well-form';
import { wellFormValues } from '../../../features/wells/lib/well-values';

/** /wells/:wellid/manage: the well's settings; an unchanged (masked) key keeps the stored one. */
export function Component() {
  const { wellid = '' } = useParams();
  const navigate = useNavigate();
  const query = useWell(wellid);
  const update = useUpdateWell();
  const well = query.data?.wells;
  const detailHref = paths.wells.detail.href(wellid);

  return (
    <FormPage
      title={well ? `Settings · ${well.title}` : 'Well Settings'}
      heading="Well Settings"
      size="sm"
      loading={query.isPending}
      loadingLabel="Loading well"
      failure={
        // A well a caravan shares, or one rented, is its owner's to change.
        (!well || !query.data || well.caravan || well.rental) && (
          <>
            <Forbidden text="This Well is Forbidden..." />
            <ExitWithoutSaving href={detailHref} />
          </>
        )
      }
    >
      {well && query.data && !well.caravan && !well.rental && (
        <WellForm
          // A fresh form per loaded well, so its initial values follow the server's.
          key={well.wellid}
          choices={query.data.origin_loc_choices}
          initialValues={wellFormValues(well)}
          savedOrigin={well.origin_loc}
          wellid={well.wellid}
          keyMode="masked"
          submitLabel="Save"
          exitHref={detailHref}
          onSubmit={async (body) => {
            await update.mutateAsync({ wellid: well.wellid, body });
            navigate(paths.wells.detail.href(well.wellid));
          }}
        />
      )}
    </FormPage>
  );
}
