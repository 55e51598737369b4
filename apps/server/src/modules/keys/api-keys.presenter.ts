import type { ApiKey } from '@caravanserai/api';
import { iso } from '../../db/columns.js';
import type { ApiKeyRow } from './api-keys.repository.js';

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created: iso(row.created_at),
    expires: row.expires_at === null ? null : iso(row.expires_at),
    last_used: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}
