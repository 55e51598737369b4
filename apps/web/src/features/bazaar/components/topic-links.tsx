import { Badge, Group } from '@mantine/core';
import { Link } from 'react-router';

/** A listing's topics as small chips, each a link to the gallery of listings on that topic. */
export function TopicLinks({ topics, href }: { topics: readonly string[]; href: (topic: string) => string }) {
  if (topics.length === 0) return null;
  return (
    <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Topics">
      {topics.map((topic) => (
        <li key={topic}>
          <Badge
            component={Link}
            to={href(topic)}
            variant="light"
            color="orange"
            size="sm"
            tt="none"
            style={{ cursor: 'pointer' }}
          >
            #{topic}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
