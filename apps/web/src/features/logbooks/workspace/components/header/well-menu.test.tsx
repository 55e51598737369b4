import type { Logbook } from '@caravanserai/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../../testing/render';
import { WellMenu } from './well-menu';

vi.mock('../../../api/get-well-choices', () => ({
  useWellChoices: () => ({
    isPending: false,
    isError: false,
    data: [
      { value: 'w1', label: 'Camel Well' },
      { value: 'w2', label: 'Horse Well' },
    ],
  }),
}));

const logbook = {
  logid: 'log1',
  logwell: 'w1',
  well: { wellid: 'w1', title: 'Camel Well' },
} as Logbook;

describe('WellMenu', () => {
  it('says its button opens a menu, and whether the menu is open', async () => {
    renderInApp(<WellMenu logbook={logbook} isOwner saving={false} onChange={() => undefined} />);
    const sut = screen.getByRole('button', { name: 'Change well' });
    expect(sut.getAttribute('aria-haspopup')).toBe('menu');
    expect(sut.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(sut);
    await screen.findByRole('menu');
    expect(sut.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves the logbook to the well chosen in the menu', async () => {
    const onChange = vi.fn();
    renderInApp(<WellMenu logbook={logbook} isOwner saving={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change well' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Horse Well' }));
    expect(onChange).toHaveBeenCalledWith('w2');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Change well' }).getAttribute('aria-expanded')).toBe('false'),
    );
  });

  it('offers no menu to a reader', () => {
    renderInApp(<WellMenu logbook={logbook} isOwner={false} saving={false} onChange={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Using Well: Camel Well' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change well' })).toBeNull();
  });
});
