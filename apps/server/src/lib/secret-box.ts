import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM under a key derived from SECRET_KEY. Stored as `v1:iv:tag:ciphertext` (base64), so a
 * tampered or foreign value fails to open instead of decrypting to garbage.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`caravanserai:wells:${secret}`).digest();
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      ciphertext.toString('base64'),
    ].join(':');
  }

  open(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined)
      throw new Error('Unreadable sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/**
 * `…abcd`: at most the last four characters, enough to recognise a key, never enough to use it;
 * a key too short to spare them shows none.
 */
export function maskKey(key: string): string {
  if (key.length < 12) return '…'.padEnd(Math.min(key.length, 4) + 1, '•');
  return `…${key.slice(-4)}`;
}

/**
 * The masked key as shown, from the hint stored beside the sealed key. Hints saved before masks
 * were cut to the last four characters (`sk-…abcd`) show the same way as new ones.
 */
export function shownHint(hint: string): string {
  return `…${hint.slice(hint.lastIndexOf('…') + 1).slice(-4)}`;
}
