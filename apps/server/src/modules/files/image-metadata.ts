import sharp, { type Metadata } from 'sharp';

/** The most pixels an uploaded image may have: beyond it, decoding one could exhaust memory. */
const MAX_PIXELS = 100_000_000;

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
    const upright = image.rotate();
    if (mediaType === 'image/jpeg') return await upright.jpeg({ quality: 92 }).toBuffer();
    if (mediaType === 'image/webp') return await upright.webp({ quality: 92 }).toBuffer();
    return await upright.png().toBuffer();
  } catch {
    return null;
  }
}
