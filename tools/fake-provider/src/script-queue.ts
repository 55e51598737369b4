import type { Script } from './types';

export interface ScriptQueue {
  enqueue(script: Script): void;
  setDefault(script: Script): void;
  /** The next script, or undefined for the echo reply. */
  next(): Script | undefined;
  reset(): void;
}

export function createScriptQueue(): ScriptQueue {
  const queue: Script[] = [];
  let fallback: Script | undefined;
  return {
    enqueue: (script) => {
      queue.push(script);
    },
    setDefault: (script) => {
      fallback = script;
    },
    next: () => queue.shift() ?? fallback,
    reset: () => {
      queue.length = 0;
      fallback = undefined;
    },
  };
}
