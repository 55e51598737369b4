import { ApiError } from '@caravanserai/api';

/**
 * A command's failure as the user should read it. Commands throw it from any depth and the
 * interpreter prints its lines, so each helper can end the command with the spec's own message.
 */
export class CommandError extends Error {
  override readonly name = 'CommandError';
  readonly lines: readonly string[];

  constructor(...lines: [string, ...string[]]) {
    super(lines.join('\n'));
    this.lines = lines;
  }
}

export function fail(...lines: [string, ...string[]]): never {
  throw new CommandError(...lines);
}

/** The well (the AI provider) failed, as opposed to the request being refused. */
export function isProviderFailure(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'provider_error';
}

/** A caravan's policy refused the query (a model not allowed, a quota reached, personal wells off). */
export function policyRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = error.code;
  return code === 'policy_model' || code === 'quota_exceeded' || code === 'policy_personal_wells'
    ? (error.detail ?? error.message)
    : undefined;
}
