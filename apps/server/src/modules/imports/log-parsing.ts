import type { Entry } from '@caravanserai/logbook';
import { HttpError } from '../../errors.js';
import type { LogReader } from '../logbooks/log-reader.js';
import type { ParseLog } from './formats/conversation.js';

/**
 * A logbook's XML parsed on the worker threads, under the rules of a log written through the API
 * (a large one takes seconds to parse: other users' requests are answered meanwhile). A log those
 * rules refuse fails with their words, which the import lists as the logbook's reason to be skipped.
 */
export function parseLogOffThread(reader: LogReader): ParseLog {
  return async (xml: string): Promise<Entry[]> => {
    try {
      return (await reader.read(xml)).entries;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const words = Object.values(error.fields ?? {}).flat()[0];
      throw new Error(words ?? error.message);
    }
  };
}
