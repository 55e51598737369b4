import { Anchor, Code, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { FaqSection } from './faq-types';

export const PRODUCT_FAQ: FaqSection = {
  title: 'The product',
  items: [
    {
      id: 'what',
      question: 'What is Caravanserai?',
      answer: (
        <Text>
          A web application for keeping your AI conversations as portable documents called Logbooks. You ask
          questions through your own AI accounts (Wells), keep the answers, annotate them and export them, in
          one format whatever the provider. It also has Mapper, a terminal with Unix-style commands for
          working with Logbooks from the keyboard.
        </Text>
      ),
    },
    {
      id: 'who',
      question: 'Who is it for?',
      answer: (
        <Text>
          For people who use AI and want to own and store their chats, and for organisations whose
          administrators want to track and restrict how AI is used. The second is what Caravans are for; they
          are still in development.
        </Text>
      ),
    },
    {
      id: 'cost',
      question: 'What does it cost?',
      answer: (
        <Text>
          The Pilgrim tier is free: the Mapper terminal package and the web shell, with unlimited Logbooks,
          Journals and Wells. Merchant and Sultan are paid tiers with extras; see the{' '}
          <Anchor component={Link} to={paths.subscribe.href()}>
            subscription tiers
          </Anchor>
          . The AI answers themselves are billed by your provider to your own account, because every query
          goes through your own key.
        </Text>
      ),
    },
    {
      id: 'privacy',
      question: 'Who can see my Logbooks?',
      answer: (
        <Text>
          New Logbooks are private: only you can open them. Untick Private and anyone with the link can read
          the Logbook, signed in or not, as with the{' '}
          <Anchor component={Link} to={paths.examples.href()}>
            public examples
          </Anchor>
          . Only the owner can change or delete a Logbook. Journals and Wells are always visible to their
          owner only, and API keys are stored encrypted and never shown in full again.
        </Text>
      ),
    },
    {
      id: 'shell',
      question: 'What is the shell?',
      answer: (
        <>
          <Text>
            Mapper, a terminal with Unix-style commands: <Code>ls</Code> lists your Logbooks,{' '}
            <Code>open</Code> opens one, <Code>query -r "text"</Code> asks its Well, <Code>tag</Code> adds an
            entry, <Code>cp</Code>, <Code>touch</Code> and <Code>rm</Code> copy, create and delete, and{' '}
            <Code>pilgrim</Code> answers, in one run, up to ten queries that have no answer yet. Type{' '}
            <Code>help</Code> for the full list.
          </Text>
          <Text mt="xs">
            Mapper runs as the{' '}
            <Anchor component={Link} to={paths.shell.href()}>
              Shell
            </Anchor>{' '}
            page and as a terminal application you can{' '}
            <Anchor component={Link} to={paths.download.href()}>
              download
            </Anchor>{' '}
            once signed in. Each Logbook page also has a small shell box of its own, with <Code>comment</Code>
            , <Code>context</Code>, <Code>query</Code>, <Code>clear</Code>, <Code>memory on|off|status</Code>{' '}
            and <Code>help</Code>.
          </Text>
        </>
      ),
    },
    {
      id: 'export',
      question: 'How do I export a Logbook?',
      answer: (
        <Text>
          Open the Logbook and press 'Export as .xml file': it saves <Code>{'{logid}'}.xml</Code>, a UTF-8 XML
          document with a <Code>logbook</Code> root and one element per entry, readable by any XML tool. In
          the terminal, <Code>curl -l LOGID</Code> does the same. The characters{' '}
          <Code>" ' &lt; &gt; &amp;</Code> would break the XML, so they are escaped inside entries and come
          back unchanged when the file is read.
        </Text>
      ),
    },
    {
      id: 'self-host',
      question: 'Can I run it on my own server?',
      answer: (
        <Text>
          Yes. Caravanserai is self-hostable: one Node.js process serves the web app and the API, with an
          embedded SQLite database by default, or PostgreSQL when several servers share the load. Wells can
          also point at a model you run yourself, such as Ollama or LM Studio, once the administrator has
          allowed its address.
        </Text>
      ),
    },
  ],
};
