import { textProblem } from '@caravanserai/api';
import { type Entry, InvalidLogError, parseLog, treeProblem, withTreeIds } from '@caravanserai/logbook';

export type LogReading = { ok: true; entries: Entry[] } | { ok: false; problem: string };

/**
 * Reads a client's `log` field: the entries as they will be stored (each with its eid: DESIGN 3a),
 * or why it is not a log the server accepts (one that does not parse, holds a character no field
 * may, or is not a tree). The
 * entries come from outside like any field, so they obey the same character rule (XML alone
 * would let a character reference such as `&#127;` through). Pure, so a worker thread can run it.
 */
export function readLog(log: string): LogReading {
  let entries: Entry[];
  try {
    entries = parseLog(log);
  } catch (error) {
    if (error instanceof InvalidLogError) return { ok: false, problem: error.message };
    throw error;
  }
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    for (const text of [entry.content, ...Object.values(entry.attrs)]) {
      const problem = textProblem(text, 'text');
      if (problem) return { ok: false, problem: `Entry ${index}: ${problem}` };
    }
  }
  const problem = treeProblem(entries);
  if (problem) return { ok: false, problem };
  return { ok: true, entries: withTreeIds(entries) };
}
