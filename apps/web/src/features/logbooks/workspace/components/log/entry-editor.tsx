import type { Tag } from '@caravanserai/logbook';
import { Button, Group, Textarea } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { OWN_ESCAPE } from '../use-escape-to-stop';
import { useAsking } from './asking';

/**
 * An entry's text in an editable box, in its place in the log. Save stores it (Ctrl/Cmd+Enter
 * too), Cancel or Escape leaves it as it was; a query can also be saved and asked again.
 */
export function EntryEditor({
  tag,
  content,
  draft,
  onDraft,
  onSave,
  onCancel,
}: {
  tag: Tag;
  content: string;
  /** Text typed before the row scrolled out of the page. */
  draft: string | undefined;
  onDraft: (text: string) => void;
  /** False while another answer is arriving. */
  /** Resolves true once stored; the editor stays open with the text otherwise. */
  onSave: (content: string, resend: boolean) => Promise<boolean>;
  onCancel: () => void;
}) {
  // An edited question is not sent again while another answer arrives.
  const asking = useAsking();
  const [value, setValue] = useState(draft ?? content);
  const [saving, setSaving] = useState(false);
  const blank = value.trim() === '';
  const unchanged = value === content;

  const save = async (resend: boolean) => {
    if (blank || saving) return;
    if (unchanged && !resend) {
      onCancel();
      return;
    }
    setSaving(true);
    const saved = await onSave(value, resend);
    if (!saved) setSaving(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save(false);
    }
  };

  return (
    // Escape here cancels the edit; it does not also stop an answer that is arriving.
    <div {...{ [OWN_ESCAPE]: true }}>
      <Textarea
        aria-label={`Edit ${tag}`}
        autosize
        minRows={2}
        maxRows={16}
        autoFocus
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          onDraft(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const end = event.currentTarget.value.length;
          event.currentTarget.setSelectionRange(end, end);
        }}
      />
      <Group justify="flex-end" gap="xs" mt="xs">
        <Button variant="default" size="xs" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button
          size="xs"
          variant={tag === 'query' ? 'default' : 'filled'}
          onClick={() => void save(false)}
          disabled={blank}
          loading={saving}
        >
          Save
        </Button>
        {tag === 'query' && (
          <Button size="xs" onClick={() => void save(true)} disabled={blank || asking || saving}>
            Save and resend
          </Button>
        )}
      </Group>
    </div>
  );
}
