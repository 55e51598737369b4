import { ActionIcon, Tooltip } from '@mantine/core';
import { useRef } from 'react';
import { PaperclipIcon } from '../icons';

/** The paperclip: opens the system's file picker, several files at a time. */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Tooltip label="Attach images, PDFs or text files (or paste, or drop them here)" openDelay={350}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          aria-label="Attach files"
          onClick={() => input.current?.click()}
        >
          <PaperclipIcon />
        </ActionIcon>
      </Tooltip>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared, so choosing the same file again is a change too.
          event.currentTarget.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}
