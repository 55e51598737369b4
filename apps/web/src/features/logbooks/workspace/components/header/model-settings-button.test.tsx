import { type LogbookOverview, NO_MODEL_SETTINGS } from '@caravanserai/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../../../lib/auth-storage';
import { jsonResponse } from '../../../../../testing/json-response';
import { renderInApp } from '../../../../../testing/render';
import { ModelSettingsButton } from './model-settings-button';

const logbook = { logid: 'log1', settings: NO_MODEL_SETTINGS } as LogbookOverview;

/** The PATCH bodies the page sent, each answered when the test says. */
const patches: { body: unknown; answer(status: number, body: unknown): void }[] = [];

beforeEach(() => {
  patches.length = 0;
  setToken('token-amina');
  vi.stubGlobal('fetch', (_input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.method !== 'PATCH') return Promise.resolve(jsonResponse(404, { detail: 'Not found.' }));
    return new Promise<Response>((resolve) =>
      patches.push({
        body: JSON.parse(String(init.body)),
        answer: (status, body) => resolve(jsonResponse(status, body)),
      }),
    );
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

const button = () => screen.getByRole('button', { name: /^Model settings/ });

function open() {
  fireEvent.click(button());
  return screen.getByRole('dialog', { name: 'Model settings' });
}

function type(name: string, value: string) {
  const box = screen.getByRole('textbox', { name });
  fireEvent.change(box, { target: { value } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

describe('ModelSettingsButton', () => {
  it('opens a dialog from a button that says so, and shows a change at once while it is stored', async () => {
    renderInApp(<ModelSettingsButton logbook={logbook} isOwner />);
    expect(button().getAttribute('aria-haspopup')).toBe('dialog');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    open();
    expect(button().getAttribute('aria-expanded')).toBe('true');
    type('Temperature', '0.7');
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.body).toEqual({ settings: { temperature: 0.7 } });
    expect(button().getAttribute('aria-label')).toBe('Model settings: 0.7');
    fireEvent.click(screen.getByRole('radio', { name: 'High' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]?.body).toEqual({ settings: { reasoning_effort: 'high' } });
    expect(button().getAttribute('aria-label')).toBe('Model settings: 0.7 · high');
    // Leaving the box with what is already set sends nothing again.
    fireEvent.blur(screen.getByRole('textbox', { name: 'Temperature' }));
    expect(patches).toHaveLength(2);
  });

  it("puts the server's refusal beside the setting, keeps what was typed, and shows the stored value", async () => {
    renderInApp(<ModelSettingsButton logbook={logbook} isOwner />);
    const dialog = open();
    type('Maximum answer length', '300000');
    await waitFor(() => expect(patches).toHaveLength(1));
    const message = 'The maximum answer length must be a whole number of tokens between 1 and 200000.';
    patches[0]?.answer(400, { 'settings.max_output_tokens': [message] });
    const error = await screen.findByText(message);
    expect(dialog.contains(error)).toBe(true);
    const box = screen.getByRole('textbox', { name: 'Maximum answer length' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')?.split(/\s+/)).toContain(error.id);
    expect(box).toHaveProperty('value', '300,000');
    expect(button().getAttribute('aria-label')).toBe('Model settings');
    // Emptied, the box asks for the default, which is stored already: the refusal goes.
    type('Maximum answer length', '');
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    expect(patches).toHaveLength(1);
  });

  it('shows a reader the settings in short, and no button', () => {
    const set = {
      ...logbook,
      settings: { ...NO_MODEL_SETTINGS, temperature: 0.2, reasoning_effort: 'low' as const },
    };
    renderInApp(<ModelSettingsButton logbook={set} isOwner={false} />);
    expect(screen.getByText('Model: 0.2 · low')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    renderInApp(<ModelSettingsButton logbook={logbook} isOwner={false} />);
    expect(screen.queryAllByText(/^Model:/)).toHaveLength(1);
  });
});
