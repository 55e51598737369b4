import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AreaHome } from '../../../components/area-home';
import { ImportChatsLink } from '../../../components/import-chats-link';
import { paths } from '../../../config/paths';

export function Component() {
  return (
    <AreaHome
      title="Logbooks"
      intro="A Logbook is a running log of your conversation with an AI: context, queries, answers, comments and mirages, kept in one portable document. Start a new one, or load one to carry on."
      start={{ label: 'New Logbook', href: paths.logbooks.create.href() }}
      load={{ label: 'Load Logbook', href: paths.logbooks.list.href() }}
      more={<ImportChatsLink />}
    >
      Logbooks can be grouped in Journals.{' '}
      <Anchor component={Link} to={paths.journals.home.href()}>
        Go to Journals
      </Anchor>
    </AreaHome>
  );
}
