import type { AdminUser, AdminUserList, AdminUsersQuery } from '@caravanserai/api';
import type { z } from 'zod';
import { now } from '../../db/columns.js';
import type { UserRow } from '../../db/database.js';
import { Forbidden, NotFound } from '../../errors.js';
import type { UsersRepository } from '../auth/users.repository.js';
import { toAdminUser } from './admin.presenter.js';
import type { AdminUsersRepository } from './admin-users.repository.js';
import type { Administrators } from './administrators.js';

type ListQuery = z.output<typeof AdminUsersQuery>;

/** The administrators' work on users (DESIGN 11): finding them, disabling and enabling them. */
export class AdminUsersService {
  constructor(
    private readonly admins: Administrators,
    private readonly users: UsersRepository,
    private readonly listing: AdminUsersRepository,
  ) {}

  async list(admin: UserRow, query: ListQuery): Promise<AdminUserList> {
    this.admins.require(admin);
    const { count, rows } = await this.listing.list(query.q ?? '', query.limit, query.offset);
    return {
      count,
      results: rows.map((row) => toAdminUser(row, Number(row.logbook_count), this.admins.is(row))),
    };
  }

  /**
   * A disabled user's tokens and keys are refused from their next request (the gate reads the
   * flag with every credential), and enabling them lets the same ones in again; nothing of theirs
   * is deleted. Administrators cannot lock themselves out this way.
   */
  async setDisabled(admin: UserRow, username: string, disabled: boolean): Promise<AdminUser> {
    this.admins.require(admin);
    const target = await this.users.findByUsername(username);
    if (!target || target.is_system) throw NotFound('User not found.');
    if (disabled && target.id === admin.id) throw Forbidden('You cannot disable your own account.');
    const changed =
      (target.disabled_at !== null) === disabled
        ? target
        : await this.users.setDisabled(target.id, disabled ? now() : null);
    return toAdminUser(changed, await this.listing.logbookCount(target.id), this.admins.is(changed));
  }
}
