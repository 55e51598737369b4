import { Loader, UnstyledButton } from '@mantine/core';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { RowThought } from '../../model/reasoning';
import { ChevronRightIcon } from '../icons';
import classes from './thought-block.module.css';

/**
 * What the model thought before it answered (DESIGN 12). While it thinks, 'Thinking…' and the
 * text as it grows; once the answer begins, folded away behind 'Thought for N s', which opens it.
 */
export function ThoughtBlock({ thought, thinking }: { thought: RowThought; thinking: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const live = useRef<HTMLDivElement>(null);
  // Following the newest line, as the answer's row follows the newest text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text growing is a trigger, not an input
  useLayoutEffect(() => {
    const box = live.current;
    if (thinking && box) box.scrollTop = box.scrollHeight;
  }, [thinking, thought.text]);

  if (thinking) {
    return (
      <div className={classes.thought} data-thought="thinking">
        <div className={classes.label}>
          <Loader type="dots" size="xs" color="gray" aria-hidden="true" />
          Thinking…
        </div>
        {thought.text !== '' && (
          <div ref={live} className={`${classes.text} ${classes.live}`}>
            {thought.text}
          </div>
        )}
      </div>
    );
  }
  const seconds = Math.max(1, thought.seconds ?? 1);
  return (
    <div className={classes.thought} data-thought="done">
      <UnstyledButton
        className={classes.toggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span className={classes.chevron}>
          <ChevronRightIcon />
        </span>
        Thought for {seconds} s
      </UnstyledButton>
      <div id={id} className={classes.text} hidden={!open}>
        {open ? thought.text : null}
      </div>
    </div>
  );
}
