import { Anchor, Code, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { FaqSection } from './faq-types';

export const CONCEPTS_FAQ: FaqSection = {
  title: 'Logbooks, Journals, Wells and the rest',
  items: [
    {
      id: 'logbook',
      question: 'What is a Logbook?',
      answer: (
        <Text>
          A file: the running log of one conversation, made of tagged entries. <Code>query</Code> is what you
          asked, <Code>gen</Code> what the AI answered, <Code>context</Code> instructions that steer the
          model, <Code>comment</Code> notes for yourself that are never sent, <Code>mirage</Code> a wrong
          answer, and <Code>code</Code>, <Code>shell</Code> and <Code>command</Code> hold code and terminal
          work. A Logbook must be attached to a Well to run queries. Start one with{' '}
          <Anchor component={Link} to={paths.logbooks.create.href()}>
            New Logbook
          </Anchor>
          .
        </Text>
      ),
    },
    {
      id: 'journal',
      question: 'What is a Journal?',
      answer: (
        <Text>
          A directory that holds Logbooks, the way a folder holds files. Use one per project, client or
          course, and pick it when you create a Logbook. You own your Journals; nobody else sees them.
        </Text>
      ),
    },
    {
      id: 'well',
      question: 'What is a Well?',
      answer: (
        <Text>
          An AI model plus your account with its provider: a title, the provider and model (OpenAI, Anthropic,
          Google, Mistral, or any OpenAI-compatible server such as Ollama, LM Studio, vLLM or OpenRouter) and
          your own API key. Queries in a Logbook go to the Well it is attached to, so you can keep one Logbook
          on one model and try the same question on another. The key is stored encrypted and only ever shown
          masked.{' '}
          <Anchor component={Link} to={paths.wells.create.href()}>
            Create a Well
          </Anchor>
          .
        </Text>
      ),
    },
    {
      id: 'mirage',
      question: 'What is a Mirage?',
      answer: (
        <Text>
          A misleading or inaccurate AI answer. Press M on the entry to mark it: it stays in the Logbook, so
          the record shows where the model went wrong, but it is never sent back to the AI as part of the
          conversation. Press M again to make it an ordinary answer once more.
        </Text>
      ),
    },
    {
      id: 'salt',
      question: 'What does salting a Logbook do?',
      answer: (
        <Text>
          Salting freezes a Logbook: it can be viewed and forked, but no entry can be added, changed or
          deleted. Only salted Logbooks can be forked. 'Fork Salted Logbook' makes your own copy with the same
          title and entries, private and unsalted, so you can carry the conversation on. The owner can unsalt
          a Logbook again in its Settings.
        </Text>
      ),
    },
    {
      id: 'context-comment',
      question: 'What are Context Mode and Comment Mode?',
      answer: (
        <Text>
          Two switches on the Logbook page. With Context Mode on, what you send is stored as a context entry,
          sent to the model as instructions with each query; with Comment Mode on, it is stored as a comment,
          a note only you read. With both off, it is a query and the Well answers it. In the shell box,{' '}
          <Code>memory on</Code> sends the whole conversation with each query instead of the context alone.
        </Text>
      ),
    },
    {
      id: 'caravan',
      question: 'What is a Caravan?',
      answer: (
        <Text>
          A group, such as a team or a company, with a leader. It is in development. The Caravan leader will
          invite members, share Wells with them without revealing the keys, set permissions and privacy (which
          providers and models may be used, and a monthly quota per member) and follow the group's usage on a
          dashboard.
        </Text>
      ),
    },
    {
      id: 'bazaar',
      question: 'What is the Bazaar?',
      answer: (
        <Text>
          A future marketplace, in development: a place to share and collaborate on Logbooks, to trade Logbook
          base cases (well-made starting points others can fork) and to rent out Wells.
        </Text>
      ),
    },
  ],
};
