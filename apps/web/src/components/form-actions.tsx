import { Button, Group, type GroupProps } from '@mantine/core';
import { Link } from 'react-router';

/** Back to where the form was opened from, dropping what was typed. */
export function ExitWithoutSaving({ href }: { href: string }) {
  return (
    <Button component={Link} to={href} variant="default">
      Exit Without Saving
    </Button>
  );
}

/** A form's submit button, and on settings forms the way out without saving. */
export function FormActions({
  submitLabel,
  loading,
  exitHref,
  justify,
  gap,
}: {
  submitLabel: string;
  loading: boolean;
  exitHref?: string;
} & Pick<GroupProps, 'justify' | 'gap'>) {
  return (
    <Group justify={justify} gap={gap}>
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
      {exitHref && <ExitWithoutSaving href={exitHref} />}
    </Group>
  );
}
