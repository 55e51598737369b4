import { ApiError, type FileUploaded } from '@caravanserai/api';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../../testing/render';
import type { FileUpload } from '../../api/upload-file';
import { Scribe } from './scribe';

/** The uploads the Scribe started, each settled by the test. */
const uploads: { file: File; resolve(uploaded: FileUploaded): void; reject(error: unknown): void }[] = [];

vi.mock('../../api/upload-file', () => ({
  uploadFile: ({ file }: FileUpload) =>
    new Promise<FileUploaded>((resolve, reject) => uploads.push({ file, resolve, reject })),
}));

const stored = (file_id: string, name: string): FileUploaded => ({
  file_id,
  name,
  media_type: 'text/plain',
  size: 2048,
  sha256: `sha-${file_id}`,
  kind: 'text',
});

const note = (name: string) => new File([`About ${name}`], name, { type: 'text/plain' });

function renderScribe(onSend = vi.fn(async () => null as string | null)) {
  const onFileUploaded = vi.fn();
  const view = renderInApp(
    <Scribe
      logid="log1"
      onFileUploaded={onFileUploaded}
      asking={false}
      stopping={false}
      hasWell
      memory={false}
      onMemoryChange={() => undefined}
      onSend={onSend}
      onStop={() => undefined}
    />,
  );
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('The Scribe has no file input.');
  const attach = (...files: File[]) => fireEvent.change(input, { target: { files } });
  return { onSend, onFileUploaded, attach };
}

const box = () => screen.getByRole('textbox', { name: 'Scribe' });
const send = () => screen.getByRole('button', { name: 'Send' });

// jsdom has no font loading, which the growing text box listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

let shown: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  uploads.length = 0;
  shown = vi.spyOn(notifications, 'show').mockImplementation(() => '');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Scribe: files on a question', () => {
  it('waits for the uploads, then sends the ids in the order the files were attached', async () => {
    const { onSend, onFileUploaded, attach } = renderScribe();
    attach(note('first.txt'), note('second.txt'));
    fireEvent.change(box(), { target: { value: 'Read these.' } });
    expect(screen.getByRole('button', { name: 'Remove first.txt' })).toBeTruthy();
    expect(screen.getAllByText('Uploading…')).toHaveLength(2);
    expect(send()).toHaveProperty('disabled', true);

    uploads[1]?.resolve(stored('f2', 'second.txt'));
    uploads[0]?.resolve(stored('f1', 'first.txt'));
    await waitFor(() => expect(send()).toHaveProperty('disabled', false));
    expect(screen.getAllByText('2 KB')).toHaveLength(2);
    expect(onFileUploaded).toHaveBeenCalledTimes(2);

    fireEvent.click(send());
    expect(onSend).toHaveBeenCalledWith('query', 'Read these.', ['f1', 'f2'], []);
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
  });

  it('takes a refused file off, saying why in the server’s words', async () => {
    const { attach } = renderScribe();
    attach(note('tool.exe'));
    const detail = 'Only PNG, JPEG, WebP and GIF images, PDF documents and UTF-8 text files can be attached.';
    uploads[0]?.reject(new ApiError(415, { detail, code: 'unsupported_media_type' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove tool.exe' })).toBeNull());
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', title: 'tool.exe was not attached', message: detail }),
    );
  });

  it('takes at most ten files, and says so', () => {
    const { attach } = renderScribe();
    attach(...Array.from({ length: 11 }, (_, n) => note(`stage-${n + 1}.txt`)));
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(10);
    expect(uploads).toHaveLength(10);
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'A question carries at most 10 files.' }),
    );
  });

  it('stops the upload of a file taken off before it is done', async () => {
    const { attach } = renderScribe();
    attach(note('draft.txt'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove draft.txt' }));
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
    uploads[0]?.resolve(stored('f1', 'draft.txt'));
    await Promise.resolve();
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
  });

  it('gives the files back with the text when the question could not be stored', async () => {
    const { attach } = renderScribe(vi.fn(async () => 'Read this.'));
    attach(note('kept.txt'));
    uploads[0]?.resolve(stored('f1', 'kept.txt'));
    fireEvent.change(box(), { target: { value: 'Read this.' } });
    await waitFor(() => expect(send()).toHaveProperty('disabled', false));
    fireEvent.click(send());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove kept.txt' })).toBeTruthy());
    expect(box()).toHaveProperty('value', 'Read this.');
  });
});

describe('the Scribe: what the model is sent', () => {
  it('names the instructions sent with the question, and only those', () => {
    const view = renderInApp(
      <Scribe
        logid="log1"
        onFileUploaded={() => undefined}
        asking={false}
        stopping={false}
        hasWell
        memory={false}
        userInstructions
        journalInstructions
        onMemoryChange={() => undefined}
        onSend={async () => null}
        onStop={() => undefined}
      />,
    );
    expect(
      screen.getByText(
        "The model is sent: your instructions, this journal's instructions, context entries and this question.",
      ),
    ).toBeTruthy();
    view.unmount();
    renderScribe();
    expect(screen.getByText('The model is sent: context entries and this question.')).toBeTruthy();
  });
});
