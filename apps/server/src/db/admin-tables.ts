// The tables of instance administration and password reset (DESIGN 11), in the shape `Database`
// (database.ts) holds them.

/** An invite link for one registration, stored by the hash of its code. */
export interface RegistrationInvitesTable {
  invite_id: string;
  code_hash: string;
  /** The administrator or caravan leader who made it. */
  created_by: number;
  /** The caravan whoever registers with it joins; null for none. */
  caravan_id: string | null;
  created_at: number;
  expires_at: number;
  /** Set by the registration that used it; a used link admits nobody else. */
  used_at: number | null;
  used_by: number | null;
}

/** A mailed password reset link, stored by the hash of its token. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  /** Set when the password was set with it, or with another link of the same user. */
  used_at: number | null;
}
