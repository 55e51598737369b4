import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** Light or dark, remembered in local storage under `theme`, light by default. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

export const theme = createTheme({
  primaryColor: 'orange',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Iowan Old Style", "Palatino Linotype", serif' },
});
