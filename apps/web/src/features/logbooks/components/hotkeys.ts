/** The logbook shortcuts, in Mantine's useHotkeys notation (`mod` is Ctrl, or ⌘ on Apple machines). */
export const NEW_LOGBOOK_HOTKEY = 'mod+shift+O';
export const SWITCHER_HOTKEY = 'mod+K';
