import { ActionIcon, CopyButton } from '@mantine/core';
import { CheckIcon, CopyIcon } from '../icons';

/** Copies `text` to the clipboard; the icon turns into a check for a moment to say it worked. */
export function CopyTextButton({
  text,
  label,
  className,
}: {
  text: string;
  label: string;
  className?: string;
}) {
  return (
    <CopyButton value={text} timeout={1500}>
      {({ copied, copy }) => (
        <ActionIcon
          variant="subtle"
          color={copied ? 'teal' : 'gray'}
          size="sm"
          className={className}
          onClick={copy}
          aria-label={label}
          title={copied ? 'Copied' : label}
          data-copied={copied || undefined}
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
        </ActionIcon>
      )}
    </CopyButton>
  );
}
