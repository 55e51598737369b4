import { HttpError } from '../../errors.js';

export const AI_FAILED = 'Error fetching response from AI.';
export const CANCELLED = 'Query cancelled.';

/** 502 with the spec's message, and the provider's own reason in a field of its own. */
export class QueryFailed extends HttpError {
  constructor(readonly reason: string) {
    super(502, 'provider_error', AI_FAILED);
  }
  override body() {
    return { detail: AI_FAILED, reason: this.reason, code: this.code };
  }
}
