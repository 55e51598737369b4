import { Anchor, Text, type TextProps } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** "owner: name", the name a link to the owner's profile. */
export function OwnerLine({ username, ...textProps }: { username: string } & TextProps) {
  return (
    <Text {...textProps}>
      owner:{' '}
      <Anchor component={Link} to={paths.profile.href(username)}>
        {username}
      </Anchor>
    </Text>
  );
}
