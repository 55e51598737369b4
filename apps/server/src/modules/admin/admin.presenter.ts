import type { AdminUser } from '@caravanserai/api';
import { iso } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';

export function toAdminUser(user: UserRow, logbookCount: number, isAdmin: boolean): AdminUser {
  return {
    username: user.username,
    email: user.email,
    role: user.role,
    created: iso(user.created_at),
    last_seen: user.last_seen_at === null ? null : iso(user.last_seen_at),
    logbook_count: logbookCount,
    is_admin: isAdmin,
    disabled: user.disabled_at !== null,
  };
}
