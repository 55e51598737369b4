import type { OriginLocChoices } from '@caravanserai/api';
import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { originGroups } from '../lib/origin';

export const ORIGIN_PLACEHOLDER = 'Select origin';

interface OriginSelectProps extends Omit<NativeSelectProps, 'data' | 'value'> {
  choices: OriginLocChoices;
  value: string;
  /** The saved origin, kept in the list even when it is not one of the server's suggestions. */
  current?: string;
}

/**
 * The provider/model select of the well forms. A native select keeps optgroups, keyboard use and
 * the disabled placeholder (which can be shown but never chosen again) exactly as browsers do them.
 */
export function OriginSelect({ choices, value, current, ...props }: OriginSelectProps) {
  const data = useMemo(
    () => [{ value: '', label: ORIGIN_PLACEHOLDER, disabled: true }, ...originGroups(choices, current)],
    [choices, current],
  );
  return <NativeSelect label="External AI Provider" required data={data} value={value} {...props} />;
}
