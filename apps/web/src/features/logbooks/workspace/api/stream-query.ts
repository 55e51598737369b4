import type {
  CompareHandlers,
  LaneOutcome,
  QueryResult,
  QuerySubmit,
  StreamHandlers,
} from '@caravanserai/api';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../../lib/api';
import { logbookWriteScope } from './write-scope';

/** The stored answer a stream ends with. */
export type StreamedAnswer = QueryResult['data'];

/**
 * Asks the logbook's well and streams the answer (Server-Sent Events): `onQuery` once the query
 * entry is stored, `onDelta` for each piece of text; resolves with the stored answer.
 */
export function streamQuery(body: QuerySubmit, handlers: StreamHandlers): Promise<StreamedAnswer> {
  return api.queries.stream(body, handlers);
}

/**
 * `streamQuery` once the writes made before it are stored (a context sent just before goes with
 * the query). Only its turn is taken in the logbook's write scope: writes made while the answer
 * arrives do not wait for it.
 */
export function useStreamQuery(logid: string) {
  const { mutateAsync: takeTurn } = useMutation({
    mutationKey: ['logbooks', 'query-turn', logid],
    scope: logbookWriteScope(logid),
    networkMode: 'always',
    mutationFn: async () => undefined,
  });
  const stream = useCallback(
    async (body: QuerySubmit, handlers: StreamHandlers): Promise<StreamedAnswer> => {
      await takeTurn();
      return streamQuery(body, handlers);
    },
    [takeTurn],
  );
  // A compare (DESIGN 12) takes its turn the same way.
  const compare = useCallback(
    async (body: QuerySubmit, handlers: CompareHandlers): Promise<LaneOutcome[]> => {
      await takeTurn();
      return api.queries.compare(body, handlers);
    },
    [takeTurn],
  );
  return { stream, compare };
}
