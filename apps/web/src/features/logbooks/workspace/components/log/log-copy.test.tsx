import type { EntryFile } from '@caravanserai/api';
import { serializeLog } from '@caravanserai/logbook';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPrefix } from '../../../../../lib/page-config';
import { renderInApp } from '../../../../../testing/render';
import { LogCopyList } from './log-copy';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const file = (file_id: string, name: string, media_type: string): EntryFile => ({
  file_id,
  name,
  media_type,
  size: 2048,
  url: `${apiPrefix}/files/${file_id}/`,
});
const IMAGE = file('img1', 'harbour.png', 'image/png');
const PDF = file('pdf1', 'tides.pdf', 'application/pdf');

/** A published copy: a question carrying an image and a PDF (and an id the listing does not carry). */
const XML = serializeLog([
  {
    tag: 'query',
    attrs: { qid: 'q1', files: 'img1 pdf1 gone1' },
    content: 'Compare the harbour and the tides.',
  },
  { tag: 'gen', attrs: { qid: 'q1' }, content: 'The tide is high at noon.' },
]);

const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

/** The files' urls answered as the server answers them; who asked, by url. */
const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    if (url.endsWith(IMAGE.url))
      return new Response(PNG_BYTES, { status: 200, headers: { 'content-type': 'image/png' } });
    return new Response(JSON.stringify({ detail: 'Not found.', code: 'not_found' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  // jsdom has no object URLs: the picture is drawn from whatever URL stands for its bytes.
  URL.createObjectURL = () => 'blob:harbour';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = objectUrls.createObjectURL;
  URL.revokeObjectURL = objectUrls.revokeObjectURL;
});

describe('LogCopyList', () => {
  it('draws the files a copy’s question carries as the workspace does: images as pictures, others as downloads', async () => {
    renderInApp(<LogCopyList xml={XML} files={[IMAGE, PDF]} />);
    screen.getByText('Compare the harbour and the tides.');
    expect((await screen.findByRole('img', { name: 'harbour.png' })).getAttribute('src')).toBe(
      'blob:harbour',
    );
    screen.getByRole('button', { name: /^Download tides\.pdf/ });
    expect(asked).toEqual([`${window.location.origin}${IMAGE.url}`]);
    // An id the copy's files do not include is passed over.
    expect(screen.queryByText(/gone1/)).toBeNull();
  });

  it('draws no files for a copy given none', () => {
    renderInApp(<LogCopyList xml={XML} />);
    screen.getByText('Compare the harbour and the tides.');
    expect(screen.queryByRole('list', { name: 'Images' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });
});
