import { GALLERY_SORTS } from '@caravanserai/api';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SearchIcon } from '../../../components/search-icon';
import { type GalleryParams, type GallerySort, SORT_LABELS } from '../lib/gallery-params';

const SORT_OPTIONS = GALLERY_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));

/** The gallery's words (sent with Search or Enter) and its sort (applied when chosen). */
export function GallerySearch({
  params,
  onSearch,
}: {
  params: GalleryParams;
  onSearch: (params: GalleryParams) => void;
}) {
  const [words, setWords] = useState(params.q);
  // Back and forward change the URL's words: the box follows.
  useEffect(() => setWords(params.q), [params.q]);
  return (
    <search aria-label="Search the Bazaar">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch({ ...params, q: words.trim() });
        }}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="search"
            label="Search the Bazaar"
            placeholder="Words in titles, summaries and logs"
            leftSection={<SearchIcon />}
            value={words}
            onChange={(event) => setWords(event.currentTarget.value)}
            maxLength={200}
            style={{ flex: '1 1 260px' }}
          />
          <Button type="submit">Search</Button>
          <Select
            label="Sort"
            data={SORT_OPTIONS}
            value={params.sort}
            allowDeselect={false}
            onChange={(value) =>
              value && onSearch({ ...params, q: words.trim(), sort: value as GallerySort })
            }
            w={160}
          />
        </Group>
      </form>
    </search>
  );
}
