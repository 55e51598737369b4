import { type CurrentUser, pathOf, routes } from '@caravanserai/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/auth-storage';
import { apiPrefix } from '../../../lib/page-config';
import { jsonResponse } from '../../../testing/json-response';
import { renderInApp } from '../../../testing/render';
import { AskingSettings } from './asking-settings';

const USER_URL = `${window.location.origin}${apiPrefix}${pathOf(routes.auth.updateUser)}`;

const amina: CurrentUser = {
  pk: 7,
  username: 'amina',
  email: 'amina@example.com',
  instructions: 'Be brief.',
  memory_default: true,
  auto_titles: true,
  is_admin: false,
};

/** Every change the form sent, and how the server answers the next one. */
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

const instructionsBox = () => screen.getByRole('textbox', { name: 'Instructions' });

describe('AskingSettings', () => {
  it('shows the saved settings, with a count of the instructions against the limit', () => {
    renderInApp(<AskingSettings user={amina} onSaved={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect((instructionsBox() as HTMLTextAreaElement).value).toBe('Be brief.');
    expect(instructionsBox().getAttribute('aria-describedby')).toBeTruthy();
    const description = document.getElementById(instructionsBox().getAttribute('aria-describedby')!);
    expect(description?.textContent).toContain('Sent with every question, in every logbook.');
    expect(description?.textContent).toContain('9 / 20,000 characters');
    expect(
      (screen.getByRole('switch', { name: /^Memory on in new logbooks/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (
        screen.getByRole('switch', {
          name: /^Name new logbooks after their first answer/,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
  });

  it('counts characters as the server does while typing: an emoji is one', () => {
    renderInApp(<AskingSettings user={amina} onSaved={() => undefined} />);
    fireEvent.change(instructionsBox(), { target: { value: 'Camels 🐪🐪' } });
    expect(screen.getByText('9 / 20,000 characters')).toBeTruthy();
  });

  it('saves all three through the profile API, says so, and hands the saved account on', async () => {
    const saved = { ...amina, instructions: 'Answer in verse.', memory_default: false, auto_titles: false };
    answer = () => jsonResponse(200, saved);
    const onSaved = vi.fn();
    renderInApp(<AskingSettings user={amina} onSaved={onSaved} />);
    fireEvent.change(instructionsBox(), { target: { value: 'Answer in verse.' } });
    fireEvent.click(screen.getByRole('switch', { name: /^Memory on in new logbooks/ }));
    fireEvent.click(screen.getByRole('switch', { name: /^Name new logbooks after their first answer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect((await screen.findByRole('status')).textContent).toContain('Settings saved.');
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: USER_URL,
        body: { instructions: 'Answer in verse.', memory_default: false, auto_titles: false },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(saved);
    // Changing anything again makes the notice old news.
    fireEvent.change(instructionsBox(), { target: { value: 'Answer in prose.' } });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses instructions past 20,000 characters before sending, in the server’s words', async () => {
    renderInApp(<AskingSettings user={amina} onSaved={() => undefined} />);
    fireEvent.change(instructionsBox(), { target: { value: 'x'.repeat(20_001) } });
    expect(screen.getByText('20,001 / 20,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Ensure this field has no more than 20000 characters.')).toBeTruthy();
    expect(instructionsBox().getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('shows a refusal from the server next to its field, and says the settings were not saved', async () => {
    answer = () => jsonResponse(400, { instructions: ['Null characters are not allowed.'] });
    const onSaved = vi.fn();
    renderInApp(<AskingSettings user={amina} onSaved={onSaved} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The settings were not saved.');
    expect(alert.textContent).toContain('Check the fields below and try again.');
    await waitFor(() => expect(screen.getByText('Null characters are not allowed.')).toBeTruthy());
    expect(onSaved).not.toHaveBeenCalled();
  });
});
