import { pathOf, routes } from '@caravanserai/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/auth-storage';
import { apiPrefix } from '../../../lib/page-config';
import { jsonResponse } from '../../../testing/json-response';
import { renderInApp } from '../../../testing/render';
import { LogbookForm } from './logbook-form';

const CREATE_URL = `${window.location.origin}${apiPrefix}${pathOf(routes.logbooks.create)}`;
const choices = { journals: [{ value: 'jrn1', label: 'Travels' }], wells: [] };

const sent: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  sent.length = 0;
  setToken('token-amina');
  // The server is not the subject here: what the form asks it is.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      method: init.method ?? 'GET',
      url: String(input),
      body: JSON.parse(String(init.body ?? 'null')),
    });
    return jsonResponse(503, { detail: 'Down for a moment.' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

const memoryBox = () => screen.getByRole('checkbox', { name: /^Memory/ }) as HTMLInputElement;

describe('LogbookForm, creating', () => {
  for (const memory of [true, false]) {
    it(`starts Memory ${memory ? 'on' : 'off'} as the user's settings say, and sends it`, async () => {
      renderInApp(<LogbookForm choices={choices} initialMemory={memory} onSaved={() => undefined} />);
      expect(memoryBox().checked).toBe(memory);
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toMatchObject({ method: 'POST', url: CREATE_URL, body: { private: true, memory } });
    });
  }

  it('sends Memory as the user leaves it', async () => {
    renderInApp(<LogbookForm choices={choices} initialMemory onSaved={() => undefined} />);
    fireEvent.click(memoryBox());
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ memory: false });
  });

  it('keeps Memory off the settings of a saved logbook: its switch is in the logbook itself', () => {
    const logbook = {
      logid: 'log1',
      title: 'Saved',
      description: '',
      journal: null,
      logwell: null,
      private: true,
      salted: false,
    } as Parameters<typeof LogbookForm>[0]['logbook'];
    renderInApp(
      <LogbookForm logbook={logbook} choices={choices} exitHref="/logbooks/log1" onSaved={() => undefined} />,
    );
    expect(screen.queryByRole('checkbox', { name: /^Memory/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /^Salted/ })).toBeTruthy();
  });
});
