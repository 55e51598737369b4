import type { Caravan } from '@caravanserai/api';
import { Alert, Button, Group, NumberInput, Stack, Switch, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSetPolicy } from '../api/set-policy';
import { failureText } from '../lib/failure-text';
import { policyFormValues, policyUpdate, validateCap, validateModels } from '../lib/policy-values';

const CAP_HINT = 'Empty: no cap. Counted since the first of the month (UTC).';

/** A leader's policy form: allowed models, the monthly caps and the personal wells switch. */
export function PolicyForm({ caravan }: { caravan: Caravan }) {
  const save = useSetPolicy();
  const saved = save.isSuccess;
  const form = useForm({
    initialValues: policyFormValues(caravan.policy),
    validate: {
      allowedModels: validateModels,
      memberMonthlyQueries: validateCap,
      memberMonthlyTokens: validateCap,
      caravanMonthlyTokens: validateCap,
    },
  });

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: caravan.caravan_id, policy: policyUpdate(values) },
      {
        onSuccess: (policy) => {
          form.setValues(policyFormValues(policy));
          form.resetDirty(policyFormValues(policy));
        },
      },
    );
  });

  const cap = (
    name: 'memberMonthlyQueries' | 'memberMonthlyTokens' | 'caravanMonthlyTokens',
    label: string,
  ) => (
    <NumberInput
      label={label}
      description={CAP_HINT}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=","
      {...form.getInputProps(name)}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Policy">
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title="The policy was not saved.">
            {failureText(save.error, 'The server did not answer. Please try again.')}
          </Alert>
        )}
        {saved && (
          <Alert color="green" variant="light" role="status">
            Policy saved. It holds from the next query on.
          </Alert>
        )}
        <Textarea
          label="Allowed models"
          description="One per line: provider/model exactly, or provider/* for all of a provider's models. Empty: every model."
          autosize
          minRows={2}
          maxRows={8}
          placeholder={'openai/gpt-4o-mini\nanthropic/*'}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('allowedModels')}
        />
        {cap('memberMonthlyQueries', 'Member monthly queries')}
        {cap('memberMonthlyTokens', 'Member monthly tokens')}
        {cap('caravanMonthlyTokens', 'Caravan monthly tokens')}
        <Switch
          label="Members may also use their personal wells"
          description="Off: members query only through this caravan's wells."
          {...form.getInputProps('personalWells', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save policy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
