import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../../testing/render';
import { ThoughtBlock } from './thought-block';

const thought = { text: 'First the road, then the river.', seconds: 0, index: 4 };

describe('ThoughtBlock', () => {
  it('shows the model thinking as it does', () => {
    renderInApp(<ThoughtBlock thought={{ ...thought, seconds: null }} thinking />);
    expect(screen.getByText('Thinking…')).toBeTruthy();
    expect(screen.getByText(thought.text)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('folds the thought behind how long it took, at least a second, and opens it on request', () => {
    renderInApp(<ThoughtBlock thought={thought} thinking={false} />);
    const toggle = screen.getByRole('button', { name: 'Thought for 1 s' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(thought.text)).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const shown = screen.getByText(thought.text);
    expect(toggle.getAttribute('aria-controls')).toBe(shown.id);
    fireEvent.click(toggle);
    expect(screen.queryByText(thought.text)).toBeNull();
  });
});
