// Avatar uploads are judged by their content, not their name or declared type: only
// PNG, JPEG and WebP that sharp can decode, at most 2 MB and 4096x4096, re-encoded to a
// 256x256 WebP (which also strips metadata and anything hidden in the file).
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_PIXELS = 4096;
const ACCEPTED = new Set(['png', 'jpeg', 'webp']);

function sniff(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Also used for content images (covers, partner logos) at their own size. */
export async function reencodeAvatar(
  upload: Buffer,
  size: { width: number; height: number } = { width: 256, height: 256 },
): Promise<{ image: Buffer; etag: string }> {
  if (upload.length > AVATAR_MAX_BYTES) throw new AppError('user.avatar_too_large');
  const kind = sniff(upload);
  if (!kind) throw new AppError('user.avatar_not_image');
  let metadata: Metadata;
  try {
    // The header alone: no pixel limit here, so an image too large is told as such below
    // (with the limit, sharp refuses to read even its size and the message would be wrong).
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('user.avatar_not_image');
  }
  if (!metadata.format || !ACCEPTED.has(metadata.format) || metadata.format !== kind) {
    throw new AppError('user.avatar_not_image');
  }
  if ((metadata.width ?? 0) > AVATAR_MAX_PIXELS || (metadata.height ?? 0) > AVATAR_MAX_PIXELS) {
    throw new AppError('user.avatar_too_many_pixels');
  }
  try {
    const image = await sharp(upload, { limitInputPixels: AVATAR_MAX_PIXELS * AVATAR_MAX_PIXELS })
      .rotate()
      .resize(size.width, size.height, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
    return { image, etag: createHash('sha256').update(image).digest('hex').slice(0, 16) };
  } catch {
    throw new AppError('user.avatar_not_image');
  }
}
