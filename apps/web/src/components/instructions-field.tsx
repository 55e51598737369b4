import { Instructions, MAX_INSTRUCTIONS } from '@caravanserai/api';
import { Group, Text, Textarea, type TextareaProps } from '@mantine/core';

const LIMIT = MAX_INSTRUCTIONS.toLocaleString('en-US');

/** Characters as the server counts them: an emoji is one, however many UTF-16 units it takes. */
export function characterCount(value: string): number {
  return [...value].length;
}

/** Why the server would refuse these instructions, in its own words, or null when it would not. */
export function validateInstructions(value: string): string | null {
  return Instructions.safeParse(value).error?.issues[0]?.message ?? null;
}

/**
 * A textarea for instructions sent to the model with every question: what they are for, and a
 * running count against the limit, which turns red past it. The count is part of the field's
 * description, so a screen reader hears it with the field rather than at every keystroke.
 */
export function InstructionsField({
  value,
  hint,
  ...props
}: Omit<TextareaProps, 'value' | 'description'> & { value: string; hint: string }) {
  const count = characterCount(value);
  const over = count > MAX_INSTRUCTIONS;
  return (
    <Textarea
      label="Instructions"
      autosize
      minRows={4}
      maxRows={14}
      {...props}
      value={value}
      description={
        // On a narrow screen the count goes under the hint, still at the right.
        <Group component="span" gap={4} align="flex-start">
          <span style={{ marginRight: 'var(--mantine-spacing-md)' }}>{hint}</span>
          <Text
            component="span"
            size="xs"
            ml="auto"
            c={over ? 'red' : 'dimmed'}
            style={{ whiteSpace: 'nowrap' }}
          >
            {count.toLocaleString('en-US')} / {LIMIT} characters
          </Text>
        </Group>
      }
    />
  );
}
