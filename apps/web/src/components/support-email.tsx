import { Anchor, type AnchorProps } from '@mantine/core';
import { usePublicConfig } from '../lib/use-public-config';

/** The server's support address (SUPPORT_EMAIL) as a mail link; '…' for the moment it loads. */
export function SupportEmail(props: AnchorProps) {
  const email = usePublicConfig()?.support_email;
  if (!email) return <span aria-busy="true">…</span>;
  return (
    <Anchor href={`mailto:${email}`} {...props}>
      {email}
    </Anchor>
  );
}
