import { LICENCE_NAMES, LICENCES, type Licence, MAX_SUMMARY, MAX_TOPICS } from '@caravanserai/api';
import { Checkbox, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type PublishValues, TAG_CHOICES } from '../lib/publish-form';

const LICENCE_OPTIONS = LICENCES.map((value) => ({ value, label: LICENCE_NAMES[value] }));

/** A caravan the author may publish for. */
export interface CaravanChoice {
  caravan_id: string;
  name: string;
}

/**
 * The author's choices for a version: which tags go into the copy (unless `tags` is false: a next
 * version keeps those of the last), a summary, topics, the licence, and, for a member of caravans,
 * whether only one caravan sees it.
 */
export function PublishFields({
  values,
  onChange,
  errors,
  tags = true,
  caravans = [],
}: {
  values: PublishValues;
  onChange: (values: PublishValues) => void;
  errors: Partial<Record<keyof PublishValues, string>>;
  tags?: boolean;
  caravans?: readonly CaravanChoice[];
}) {
  const set = <K extends keyof PublishValues>(name: K, value: PublishValues[K]) =>
    onChange({ ...values, [name]: value });
  return (
    <Stack gap="sm">
      {tags && (
        <Checkbox.Group
          label="What to publish"
          description="The entries of the logbook's current branch with these tags are copied."
          value={values.include}
          onChange={(include) => set('include', include)}
          error={errors.include}
        >
          <Group gap="md" mt={6} style={{ rowGap: 8 }}>
            {TAG_CHOICES.map(({ tag, label }) => (
              <Checkbox key={tag} value={tag} label={label} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      <Textarea
        label="Summary"
        description="What a reader will find in it."
        autosize
        minRows={2}
        maxRows={6}
        maxLength={MAX_SUMMARY}
        value={values.summary}
        onChange={(event) => set('summary', event.currentTarget.value)}
        error={errors.summary}
      />
      <TextInput
        label="Topics"
        description={`Up to ${MAX_TOPICS} words, separated by commas or spaces.`}
        placeholder="history, maps"
        value={values.topics}
        onChange={(event) => set('topics', event.currentTarget.value)}
        error={errors.topics}
      />
      <Group gap="sm" grow align="flex-start" wrap="wrap">
        <Select
          label="Licence"
          data={LICENCE_OPTIONS}
          value={values.licence}
          allowDeselect={false}
          onChange={(value) => value && set('licence', value as Licence)}
          error={errors.licence}
          miw={220}
        />
        {caravans.length > 0 && (
          <Select
            label="Who sees it"
            data={[
              { value: '', label: 'Everyone' },
              ...caravans.map((caravan) => ({ value: caravan.caravan_id, label: `${caravan.name} only` })),
            ]}
            value={values.caravan}
            allowDeselect={false}
            onChange={(value) => set('caravan', value ?? '')}
            error={errors.caravan}
            miw={220}
          />
        )}
      </Group>
    </Stack>
  );
}
