import { type Entry, InvalidLogError, parseLog } from '@caravanserai/logbook';
import { fieldError } from '../../errors.js';

/** Parses a client's `log` field; anything that is not a valid log is a 400 on that field. */
export function parseLogField(log: string, field = 'log'): Entry[] {
  try {
    return parseLog(log);
  } catch (error) {
    if (error instanceof InvalidLogError) throw fieldError(field, error.message);
    throw error;
  }
}
