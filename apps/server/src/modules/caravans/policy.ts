import type { CaravanPolicy } from '@caravanserai/api';
import type { CaravanRow } from '../../db/database.js';

/** The allow-list as stored (JSON text); an unreadable one allows nothing rather than everything. */
export function allowedModels(row: Pick<CaravanRow, 'allowed_models'>): string[] {
  try {
    const parsed: unknown = JSON.parse(row.allowed_models);
    return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : ['-'];
  } catch {
    return ['-'];
  }
}

/** Empty: every model; else `provider/model` exactly or `provider/*` for all of a provider's models. */
export function modelAllowed(allowed: readonly string[], originLoc: string): boolean {
  if (allowed.length === 0) return true;
  const provider = originLoc.slice(0, originLoc.indexOf('/'));
  return allowed.some((m) => m === originLoc || m === `${provider}/*`);
}

export function toPolicy(row: CaravanRow): CaravanPolicy {
  return {
    allowed_models: allowedModels(row),
    member_monthly_queries: row.member_monthly_queries,
    member_monthly_tokens: row.member_monthly_tokens,
    caravan_monthly_tokens: row.caravan_monthly_tokens,
    personal_wells: row.personal_wells !== 0,
  };
}
