import {
  MAX_OUTPUT_TOKENS_RANGE,
  type ModelSettings,
  type ModelSettingsWrite,
  REASONING_EFFORTS,
  type ReasoningEffort,
  TEMPERATURE_RANGE,
} from '@caravanserai/api';
import { Button, Group, Input, NumberInput, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { type SettingErrors, typedNumber } from '../../model/model-settings';

// The temperature most models start from: where the slider rests while none is set.
const RESTING_TEMPERATURE = 1;
// Arrow keys move the slider a step at a time: the value is stored once they stop.
const SLIDER_SAVE_MS = 400;

const EFFORTS = [
  { value: '', label: 'Default' },
  ...REASONING_EFFORTS.map((effort) => ({
    value: effort,
    label: effort[0]!.toUpperCase() + effort.slice(1),
  })),
];

type Save = (change: ModelSettingsWrite) => void;

/** Enter stores what was typed, as leaving the box does; the caret stays in the box. */
function onEnter(store: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') store();
  };
}

// The same words in every field, whatever the size of its control.
const FIELD_TEXT = {
  labelProps: { fz: 'sm' },
  descriptionProps: { fz: 'xs' },
  errorProps: { fz: 'xs' },
} as const;

/**
 * What a setting's box shows: the stored value, or what was typed while the server's refusal of
 * it stands beside it (so the reader sees what was refused).
 */
function useTyped(value: number | null, error: string | undefined) {
  const [typed, setTyped] = useState<string | number>(value ?? '');
  useEffect(() => {
    if (error === undefined) setTyped(value ?? '');
  }, [value, error]);
  return [typed, setTyped] as const;
}

/** The box, with the slider before it and Default after it, under the field's words. */
function TemperatureField({ value, error, onSave }: { value: number | null; error?: string; onSave: Save }) {
  const [typed, setTyped] = useTyped(value, error);
  const [slid, setSlid] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const store = (temperature: number | null) => {
    clearTimeout(timer.current);
    onSave({ temperature });
  };
  const typedValue = typedNumber(typed);
  const inRange =
    typedValue !== null && typedValue >= TEMPERATURE_RANGE.min && typedValue <= TEMPERATURE_RANGE.max;
  const shown = slid ?? (inRange ? typedValue : value);
  const slider = (
    <Slider
      flex={1}
      min={TEMPERATURE_RANGE.min}
      max={TEMPERATURE_RANGE.max}
      step={0.1}
      value={shown ?? RESTING_TEMPERATURE}
      color={shown === null ? 'gray' : undefined}
      thumbLabel="Temperature slider"
      label={(at) => at.toFixed(1)}
      onChange={(at) => {
        setSlid(at);
        setTyped(at);
      }}
      onChangeEnd={(at) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          setSlid(null);
          store(at);
        }, SLIDER_SAVE_MS);
      }}
    />
  );
  const toDefault = (
    <Button
      size="compact-xs"
      variant="subtle"
      color="gray"
      disabled={value === null && typed === ''}
      aria-label="Default temperature"
      onClick={() => {
        setSlid(null);
        setTyped('');
        store(null);
      }}
    >
      Default
    </Button>
  );
  return (
    <NumberInput
      {...FIELD_TEXT}
      size="xs"
      label="Temperature"
      description="Lower answers steadier, higher more varied."
      error={error}
      inputContainer={(box) => (
        <Group gap="xs" wrap="nowrap" mt={6}>
          {slider}
          <div style={{ width: 72, flexShrink: 0 }}>{box}</div>
          {toDefault}
        </Group>
      )}
      // The dialog opens with the caret here, not on the slider (whose value label would cover it).
      data-autofocus
      placeholder="Default"
      step={0.1}
      decimalScale={2}
      clampBehavior="none"
      hideControls
      value={typed}
      onChange={setTyped}
      onBlur={() => store(typedNumber(typed))}
      onKeyDown={onEnter(() => store(typedNumber(typed)))}
    />
  );
}

function LengthField({ value, error, onSave }: { value: number | null; error?: string; onSave: Save }) {
  const [typed, setTyped] = useTyped(value, error);
  const store = () => onSave({ max_output_tokens: typedNumber(typed) });
  return (
    <NumberInput
      {...FIELD_TEXT}
      size="xs"
      label="Maximum answer length"
      description="In tokens; empty for the model's own limit."
      error={error}
      inputContainer={(box) => <div style={{ marginTop: 6 }}>{box}</div>}
      placeholder="Default"
      min={MAX_OUTPUT_TOKENS_RANGE.min}
      max={MAX_OUTPUT_TOKENS_RANGE.max}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=","
      hideControls
      rightSection={
        <Text size="xs" c="dimmed" pr={6}>
          tokens
        </Text>
      }
      rightSectionWidth={52}
      value={typed}
      onChange={setTyped}
      onBlur={store}
      onKeyDown={onEnter(store)}
    />
  );
}

function EffortField({
  value,
  error,
  onSave,
}: {
  value: ReasoningEffort | null;
  error?: string;
  onSave: Save;
}) {
  const labelId = useId();
  return (
    <Input.Wrapper
      {...FIELD_TEXT}
      label="Reasoning effort"
      labelProps={{ ...FIELD_TEXT.labelProps, id: labelId, component: 'span' }}
      description="How long a model that reasons may think first."
      error={error}
    >
      <SegmentedControl
        mt={6}
        fullWidth
        size="xs"
        aria-labelledby={labelId}
        data={EFFORTS}
        value={value ?? ''}
        onChange={(chosen) =>
          onSave({ reasoning_effort: REASONING_EFFORTS.find((known) => known === chosen) ?? null })
        }
      />
    </Input.Wrapper>
  );
}

/**
 * A logbook's model settings, each stored as soon as it is changed: a number once its box is left
 * (or Enter), the slider once it rests, the effort when chosen. Empty is the model's own default.
 * `onSave` is given every value set; what is already stored is not sent again.
 */
export function ModelSettingsForm({
  settings,
  errors,
  onSave,
}: {
  settings: ModelSettings;
  errors: SettingErrors;
  onSave: Save;
}) {
  return (
    <Stack gap="md">
      <TemperatureField value={settings.temperature} error={errors.temperature} onSave={onSave} />
      <LengthField value={settings.max_output_tokens} error={errors.max_output_tokens} onSave={onSave} />
      <EffortField value={settings.reasoning_effort} error={errors.reasoning_effort} onSave={onSave} />
    </Stack>
  );
}
