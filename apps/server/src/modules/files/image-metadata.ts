import sharp, { type Metadata } from 'sharp';

/**
 * The most pixels an uploaded image may have: turning one upright decodes it whole, 4 bytes a
 * pixel or more, so past this (a 200 MB image) it is refused as unreadable.
 */
const MAX_PIXELS = 50_000_000;
/** Images written again at once: each may hold a decoded image of up to MAX_PIXELS. */
const AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than AT_ONCE others run, so uploads at once cannot add up the memory. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * An uploaded photo without what it says about where and by what it was taken (DESIGN 3a: GPS and
 * other location metadata are removed before storing). JPEG, PNG and WebP carrying EXIF, XMP or
 * IPTC are written again without them, turned upright first since the orientation goes with the
 * EXIF; an image with none of those, or a GIF (which has none), keeps its bytes. Null when the
 * image cannot be decoded.
 */
export async function withoutLocation(bytes: Uint8Array, mediaType: string): Promise<Uint8Array | null> {
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  let metadata: Metadata;
  try {
    metadata = await image.metadata();
  } catch {
    return null;
  }
  if (mediaType === 'image/gif') return bytes;
  if (!metadata.exif && !metadata.xmp && !metadata.iptc) return bytes;
  try {
    return await inTurn(async () => {
      const upright = image.rotate();
      if (mediaType === 'image/jpeg') return await upright.jpeg({ quality: 92 }).toBuffer();
      if (mediaType === 'image/webp') return await upright.webp({ quality: 92 }).toBuffer();
      return await upright.png().toBuffer();
    });
  } catch {
    return null;
  }
}
