import type { Choice } from '../api/logbook-choices';

/**
 * A select's options: "none" first, then the user's own choices. A current value that is not among
 * them (a list that failed to load) is kept as its bare id, so saving does not silently drop it.
 */
export function selectData(choices: Choice[], noneLabel: string, current = ''): Choice[] {
  const missing = current !== '' && !choices.some((c) => c.value === current);
  return [
    { value: '', label: noneLabel },
    ...choices,
    ...(missing ? [{ value: current, label: current }] : []),
  ];
}
