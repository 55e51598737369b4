import { type Journal, pathOf, routes } from '@caravanserai/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/auth-storage';
import { apiPrefix } from '../../../lib/page-config';
import { jsonResponse } from '../../../testing/json-response';
import { renderInApp } from '../../../testing/render';
import { JournalForm } from './journal-form';

const journal: Journal = {
  jid: 'jrn1',
  title: 'Travels',
  owner: { username: 'amina' },
  instructions: 'Give distances in kilometres.',
  created: '2026-03-01T09:00:00.000Z',
  modified: '2026-03-01T09:00:00.000Z',
  logbooks: [],
};

const ONE_URL = `${window.location.origin}${apiPrefix}${pathOf(routes.journals.update, { jid: 'jrn1' })}`;

const sent: { method: string; url: string; body: unknown }[] = [];
let answer: () => Response;

beforeEach(() => {
  sent.length = 0;
  setToken('token-amina');
  answer = () => jsonResponse(404, { detail: 'Not found.' });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      method: init.method ?? 'GET',
      url: String(input),
      body: JSON.parse(String(init.body ?? 'null')),
    });
    return answer();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('JournalForm', () => {
  it('asks only the name of a new journal', () => {
    renderInApp(<JournalForm onSaved={() => undefined} />);
    expect(screen.getByRole('textbox', { name: /What is the name of this Journal/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Instructions' })).toBeNull();
  });

  it('edits the title and the instructions of a journal in its settings, sent with its logbooks’ questions', async () => {
    const saved = { ...journal, title: 'Journeys', instructions: 'Use miles.' };
    answer = () => jsonResponse(200, saved);
    const onSaved = vi.fn();
    renderInApp(<JournalForm journal={journal} exitHref="/journals/jrn1" onSaved={onSaved} />);
    const instructions = screen.getByRole('textbox', { name: 'Instructions' }) as HTMLTextAreaElement;
    expect(instructions.value).toBe('Give distances in kilometres.');
    const description = document.getElementById(instructions.getAttribute('aria-describedby')!);
    expect(description?.textContent).toContain("Sent with every question in this journal's logbooks");
    expect(description?.textContent).toContain('29 / 20,000 characters');

    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Journeys' } });
    fireEvent.change(instructions, { target: { value: 'Use miles.' } });
    expect(screen.getByText('10 / 20,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSaved.mock.calls[0]?.[0]).toEqual(saved);
    expect(sent).toEqual([
      { method: 'PUT', url: ONE_URL, body: { title: 'Journeys', instructions: 'Use miles.' } },
    ]);
  });

  it('refuses instructions past the limit before sending, and shows the server’s refusal of its own', async () => {
    renderInApp(<JournalForm journal={journal} exitHref="/journals/jrn1" onSaved={() => undefined} />);
    const instructions = screen.getByRole('textbox', { name: 'Instructions' });
    fireEvent.change(instructions, { target: { value: '🐪'.repeat(20_001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ensure this field has no more than 20000 characters.')).toBeTruthy();
    expect(sent).toEqual([]);

    answer = () => jsonResponse(400, { instructions: ['Something the server minds.'] });
    fireEvent.change(instructions, { target: { value: 'Fine here.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something the server minds.')).toBeTruthy();
    expect(instructions.getAttribute('aria-invalid')).toBe('true');
  });
});
