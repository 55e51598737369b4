import type { ReplyPlan } from '../reply-plan';
import type { Family, NormalisedMessage } from '../types';

/** What a family sees of one request. */
export interface RequestContext {
  path: string;
  query: URLSearchParams;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** Parsed JSON, or the raw text when it was not JSON. */
  body: unknown;
  /** Set by the route when the path names the model (Gemini). */
  pathModel?: string;
  /** Set by the route when the path decides streaming (Gemini). */
  pathStream?: boolean;
}

/**
 * A streamed reply, already framed for the wire: `deltas` has one entry per reasoning piece, then one
 * per text piece.
 */
export interface StreamFrames {
  contentType: string;
  head: string[];
  deltas: string[];
  tail: string[];
}

/** One provider wire format: how it authenticates, errs, is normalised and is answered. */
export interface FamilyAdapter {
  family: Family;
  hasApiKey(context: RequestContext): boolean;
  errorBody(status: number, message: string): unknown;
  model(context: RequestContext): string;
  isStream(context: RequestContext): boolean;
  messages(body: unknown): NormalisedMessage[];
  reply(plan: ReplyPlan, context: RequestContext): unknown;
  stream(plan: ReplyPlan, context: RequestContext): StreamFrames;
  modelList(): unknown;
}
