import { CaravanName } from '@caravanserai/api';
import { TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';

type NameValues = { name: string };

/** A form holding a caravan's name, checked by the API's own rule before it is sent. */
export function useCaravanNameForm(name: string) {
  return useForm<NameValues>({
    initialValues: { name },
    validate: {
      name: (value) => {
        const parsed = CaravanName.safeParse(value.trim());
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a name.');
      },
    },
  });
}

/** The 'Caravan name' field of the create and rename forms. */
export function CaravanNameInput({ form }: { form: UseFormReturnType<NameValues> }) {
  return (
    <TextInput
      label="Caravan name"
      required
      maxLength={100}
      style={{ flex: '1 1 220px' }}
      {...form.getInputProps('name')}
    />
  );
}
