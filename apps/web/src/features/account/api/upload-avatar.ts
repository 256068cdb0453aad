// /api/user/setUserHead: the avatar as multipart field `aiz_file`. The rules the server
// applies (PNG, JPEG or WebP; 2 MB; 4096x4096) are checked here first so a person learns
// at once, without an upload, why a picture is refused.
import { useMutation } from '@tanstack/react-query';
import { ReplyCode } from '@olive/protocol/envelope';
import { ApiError, uploadFile } from '../../../lib/api.ts';
import { useInvalidateUserInfo } from './get-user-info.ts';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_PIXELS = 4096;

export type AvatarProblem = 'type' | 'size' | 'pixels' | null;

/** Why an image cannot be an avatar, or null when it can. */
export async function avatarProblem(file: File): Promise<AvatarProblem> {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  try {
    const bitmap = await createImageBitmap(file);
    const tooLarge = bitmap.width > AVATAR_MAX_PIXELS || bitmap.height > AVATAR_MAX_PIXELS;
    bitmap.close();
    return tooLarge ? 'pixels' : null;
  } catch {
    return 'type';
  }
}

export async function uploadAvatar(file: File) {
  const reply = await uploadFile<{ avatar: string }>(
    '/api/user/setUserHead',
    'aiz_file',
    file,
    file.name,
  );
  if (reply.code !== ReplyCode.Ok || reply.success === false) throw new ApiError(reply);
  return reply;
}

export function useUploadAvatar() {
  const invalidate = useInvalidateUserInfo();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: invalidate });
}
