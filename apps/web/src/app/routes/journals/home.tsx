import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AreaHome } from '../../../components/area-home';
import { ImportChatsLink } from '../../../components/import-chats-link';
import { paths } from '../../../config/paths';

export function Component() {
  return (
    <AreaHome
      title="Journals"
      intro="A Journal is a directory that holds your Logbooks. Start a new one from scratch, or load one you keep to carry on where you left off."
      start={{ label: 'New Journal', href: paths.journals.create.href() }}
      load={{ label: 'Load Journal', href: paths.journals.list.href() }}
      more={<ImportChatsLink />}
    >
      Looking for a single conversation?{' '}
      <Anchor component={Link} to={paths.logbooks.home.href()}>
        Go to Logbooks
      </Anchor>
    </AreaHome>
  );
}
