import { MAPPER_PROFILE_DEFAULTS, type MapperProfile, type MapperProfileUpdate } from '@caravanserai/api';
import type { z } from 'zod';
import type { Access } from '../../access/access.js';
import { bool, int, now } from '../../db/columns.js';
import type { MapperProfileRow, UserRow } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { fieldError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { MapperProfilesRepository } from './mapper-profiles.repository.js';

type UpdateInput = z.output<typeof MapperProfileUpdate>;

function toProfile(row: MapperProfileRow): MapperProfile {
  return {
    id: row.id,
    owner: row.owner_id,
    cursor_blink: bool(row.cursor_blink),
    font_size: row.font_size,
    right_click_paste: bool(row.right_click_paste),
    background_color: row.background_color,
    foreground_color: row.foreground_color,
    rows: row.rows,
    cols: row.cols,
  };
}

/** Each user has at most one Mapper profile; the Mapper creates the default on first use. */
export class MapperProfilesService {
  constructor(
    private readonly profiles: MapperProfilesRepository,
    private readonly access: Access,
  ) {}

  async list(user: UserRow): Promise<MapperProfile[]> {
    const row = await this.profiles.findByOwner(user.id);
    return row ? [toProfile(row)] : [];
  }

  /** Creates the default profile, or returns the existing one (`created` false) so a retry is harmless. */
  async createDefault(user: UserRow, owner?: number): Promise<{ profile: MapperProfile; created: boolean }> {
    if (owner !== undefined && owner !== user.id)
      throw fieldError('owner', 'You can only create your own profile.');
    const existing = await this.profiles.findByOwner(user.id);
    if (existing) return { profile: toProfile(existing), created: false };
    const d = MAPPER_PROFILE_DEFAULTS;
    const row: MapperProfileRow = {
      id: newId(),
      owner_id: user.id,
      cursor_blink: int(d.cursor_blink),
      font_size: d.font_size,
      right_click_paste: int(d.right_click_paste),
      background_color: d.background_color,
      foreground_color: d.foreground_color,
      rows: d.rows,
      cols: d.cols,
      modified_at: now(),
    };
    try {
      await this.profiles.insert(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return { profile: toProfile((await this.profiles.findByOwner(user.id))!), created: false };
    }
    return { profile: toProfile(row), created: true };
  }

  async update(user: UserRow, id: string, input: UpdateInput): Promise<MapperProfile> {
    await this.access.ownMapperProfile(user, id);
    const patch: Partial<MapperProfileRow> = { modified_at: now() };
    if (input.cursor_blink !== undefined) patch.cursor_blink = int(input.cursor_blink);
    if (input.right_click_paste !== undefined) patch.right_click_paste = int(input.right_click_paste);
    for (const key of ['font_size', 'background_color', 'foreground_color', 'rows', 'cols'] as const) {
      if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] });
    }
    await this.profiles.update(id, patch);
    return toProfile((await this.profiles.find(id))!);
  }
}
