/** A personal API key (DESIGN 11), stored by the hash of its secret. */
export interface ApiKeysTable {
  id: string;
  user_id: number;
  name: string;
  /** The key's first characters, shown in lists so its owner can tell keys apart. */
  prefix: string;
  key_hash: string;
  created_at: number;
  /** When it stops working; null for never. */
  expires_at: number | null;
  /** Moved forward at most once a minute, so it may trail the real last use by that much. */
  last_used_at: number | null;
}
