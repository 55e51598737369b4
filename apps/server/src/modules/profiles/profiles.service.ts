import type { PublicProfile } from '@caravanserai/api';
import type { UserRow } from '../../db/database.js';
import { NotFound } from '../../errors.js';
import type { UsersRepository } from '../auth/users.repository.js';

/** A user's page (`/u/{username}`): public to everyone, with the owner's own fields for the owner. */
export class ProfilesService {
  constructor(private readonly users: UsersRepository) {}

  async get(viewer: UserRow | null, username: string): Promise<PublicProfile> {
    const user = await this.users.findByUsername(username);
    if (!user) throw NotFound('User not found.');
    const isSelf = viewer?.id === user.id;
    const profile: PublicProfile = {
      username: user.username,
      role: user.role || 'Pilgrim',
      location: user.location,
      // anon_view is false only when the viewer is that user: it gates the owner's controls.
      anon_view: !isSelf,
    };
    if (isSelf) profile.stripe_customer_id = user.stripe_customer_id;
    return profile;
  }
}
