import { Button, Group, Select, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { SearchIcon } from '../../../components/search-icon';
import { isTag, SEARCH_TAGS, type SearchParams } from '../lib/search-params';

export interface JournalChoice {
  jid: string;
  title: string;
}

const ANY = '';

/** The words to look for and the tag and journal filters; every change goes to the first page. */
export function SearchForm({
  params,
  journals,
  onSearch,
}: {
  params: SearchParams;
  journals: readonly JournalChoice[];
  onSearch: (params: SearchParams) => void;
}) {
  const [text, setText] = useState(params.q);
  // Back and Forward, or the header's box, change the words from outside.
  useEffect(() => setText(params.q), [params.q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...params, q: text.trim(), page: 1 });
  };
  const tagData = [
    { value: ANY, label: 'Any tag' },
    ...SEARCH_TAGS.map((tag) => ({ value: tag, label: tag })),
  ];
  const journalData = [
    { value: ANY, label: 'All journals' },
    ...journals.map((j) => ({ value: j.jid, label: j.title || j.jid })),
  ];

  return (
    <search aria-label="Search logbooks">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="search"
            label="Search your logbooks"
            placeholder='Words, "a phrase" or prefix*'
            leftSection={<SearchIcon />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            // The page is opened to search: the caret waits in the box when nothing was asked yet.
            autoFocus={params.q === ''}
            maxLength={500}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label="Tag"
            data={tagData}
            value={params.tag ?? ANY}
            onChange={(value) =>
              onSearch({ ...params, q: text.trim(), tag: isTag(value) ? value : undefined, page: 1 })
            }
            allowDeselect={false}
            w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 140 }}
          />
          <Select
            label="Journal"
            data={journalData}
            value={params.journal ?? ANY}
            onChange={(value) =>
              onSearch({ ...params, q: text.trim(), journal: value || undefined, page: 1 })
            }
            allowDeselect={false}
            w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 200 }}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
    </search>
  );
}
