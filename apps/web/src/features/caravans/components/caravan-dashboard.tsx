import type { Caravan } from '@caravanserai/api';
import { Alert, Stack } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader';
import { useAudit } from '../api/get-audit';
import { useUsage } from '../api/get-usage';
import { failureText } from '../lib/failure-text';
import { AuditLog } from './audit-log';
import { CaravanSettings } from './caravan-settings';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { PolicyForm } from './policy-form';
import { PolicySummary } from './policy-summary';
import { QuotaTotals } from './quota-totals';
import { Section } from './section';
import { type OwnWellChoice, SharedWells } from './shared-wells';
import { UsagePanel } from './usage-panel';

/**
 * A caravan's page body. Leaders manage members, wells and policy and see everyone's figures and
 * the audit log; a member sees the members, the wells they may use, the policy and their own use.
 */
export function CaravanDashboard({
  caravan,
  me,
  ownWells,
  onLeft,
  onDeleted,
}: {
  caravan: Caravan;
  me: string;
  ownWells: OwnWellChoice[];
  onLeft: () => void;
  onDeleted: () => void;
}) {
  const leader = caravan.role === 'leader';
  const id = caravan.caravan_id;
  const month = useUsage(id, { group_by: 'member' });
  const audit = useAudit(id, leader);

  return (
    <Stack gap="md">
      <Section title="This month">
        {month.data ? (
          <QuotaTotals caravan={caravan} month={month.data} me={me} />
        ) : month.isError ? (
          <Alert color="red" variant="light" role="alert" title="The figures could not be loaded.">
            {failureText(month.error, 'The server did not answer. Please try again.')}
          </Alert>
        ) : (
          <PageLoader label="Loading this month’s figures" />
        )}
      </Section>
      <Section title="Members">
        <MemberList caravan={caravan} me={me} onLeft={onLeft} />
        {leader && <InviteForm caravanId={id} />}
      </Section>
      <Section title="Shared wells">
        <SharedWells caravan={caravan} ownWells={ownWells} />
      </Section>
      <Section title="Policy">
        {leader ? <PolicyForm caravan={caravan} /> : <PolicySummary policy={caravan.policy} />}
      </Section>
      <Section title="Usage">
        <UsagePanel
          caravanId={id}
          leader={leader}
          wellTitles={new Map(caravan.wells.map((well) => [well.wellid, well.title]))}
        />
      </Section>
      {leader && (
        <Section title="Audit log">
          {audit.data ? (
            <AuditLog entries={audit.data} />
          ) : audit.isError ? (
            <Alert color="red" variant="light" role="alert" title="The audit log could not be loaded.">
              {failureText(audit.error, 'The server did not answer. Please try again.')}
            </Alert>
          ) : (
            <PageLoader label="Loading the audit log" />
          )}
        </Section>
      )}
      {leader && (
        <Section title="Settings">
          <CaravanSettings caravan={caravan} onDeleted={onDeleted} />
        </Section>
      )}
    </Stack>
  );
}
