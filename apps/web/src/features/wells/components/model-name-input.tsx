import { Autocomplete, type ComboboxItem, type OptionsFilter, TextInput } from '@mantine/core';
import type { ChangeEvent, FocusEventHandler, ReactNode } from 'react';

const SUGGESTS = 'Any model your server serves; the list only suggests some.';

interface ModelNameInputProps {
  value?: string;
  /** Mantine form's handler: takes the input's change event or the chosen value. */
  onChange?: (value: string | ChangeEvent<HTMLInputElement>) => void;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  error?: ReactNode;
  /** The models the server listed when tested; empty until then. */
  models: readonly string[];
}

/**
 * The model name of an OpenAI-compatible well: typed, or, once a connection test has listed the
 * server's models, picked from them (any other name can still be typed).
 */
export function ModelNameInput({ models, value = '', ...input }: ModelNameInputProps) {
  const shared = { label: 'Model name', required: true, spellCheck: false, value, ...input };
  if (models.length === 0) return <TextInput description={SUGGESTS} {...shared} />;
  const count = models.length === 1 ? 'one model' : `${models.length} models`;
  const name = value.trim();
  // Ollama lists `llama3.2:latest` and serves it as `llama3.2` too.
  const listed = name === '' || models.includes(name) || models.includes(`${name}:latest`);
  return (
    <Autocomplete
      data={models}
      filter={showAllUnlessNarrowing}
      maxDropdownHeight={240}
      description={
        listed
          ? `Your server lists ${count}: pick one, or type another it serves.`
          : `Your server does not list ${name}; pick one of its ${count}, or keep it if you know it is served.`
      }
      {...shared}
    />
  );
}

/**
 * The whole list while the field holds a listed name (or nothing, or nothing that matches), so the
 * user can switch models; the matches while they type part of one.
 */
const showAllUnlessNarrowing: OptionsFilter = ({ options, search }) => {
  const items = options as ComboboxItem[];
  const query = search.trim().toLowerCase();
  if (query === '' || items.some((item) => item.value.toLowerCase() === query)) return items;
  const matches = items.filter((item) => item.value.toLowerCase().includes(query));
  return matches.length > 0 ? matches : items;
};
