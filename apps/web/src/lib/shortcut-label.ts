const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * A shortcut as the reader's keyboard names it: `mod+shift+O` is ⌘⇧O on Apple machines and
 * Ctrl+Shift+O elsewhere, matching what Mantine's `mod` accepts.
 */
export function shortcutLabel(hotkey: string): string {
  const keys = hotkey.split('+').map((key) => {
    const lower = key.toLowerCase();
    if (lower === 'mod') return isApple ? '⌘' : 'Ctrl';
    if (lower === 'shift') return isApple ? '⇧' : 'Shift';
    return key.toUpperCase();
  });
  return keys.join(isApple ? '' : '+');
}
