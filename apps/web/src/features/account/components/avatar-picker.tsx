// The avatar of the security centre: tap to choose a picture, which is checked here
// (type, 2 MB, 4096x4096) and then uploaded; the server's message tells the outcome.
import { useRef } from 'react';
import { SpinLoading } from 'antd-mobile';
import { CameraOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { toastFailure, toastSuccess } from '../../../lib/messages.ts';
import { AVATAR_TYPES, avatarProblem, useUploadAvatar } from '../api/upload-avatar.ts';
import '../profile.css';

const problemText = {
  type: 'account.avatarType',
  size: 'account.avatarSize',
  pixels: 'account.avatarPixels',
} as const;

export function AvatarPicker({ avatar }: { avatar: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();

  const onPick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = await avatarProblem(file);
    if (problem) {
      toastFailure(t(problemText[problem]));
      return;
    }
    upload.mutate(file, { onSuccess: (reply) => toastSuccess(reply.message || reply.msg) });
  };

  return (
    <button
      type="button"
      className="avatar-picker"
      aria-label={t('account.changeAvatar')}
      disabled={upload.isPending}
      onClick={() => input.current?.click()}
      data-testid="avatar-picker"
    >
      <span className="avatar-picker__image">
        {avatar ? <img src={avatar} alt="" data-testid="avatar-image" /> : <UserOutline />}
        {upload.isPending ? (
          <span className="avatar-picker__busy">
            <SpinLoading style={{ '--size': '22px' }} />
          </span>
        ) : null}
      </span>
      <span className="avatar-picker__badge" aria-hidden="true">
        <CameraOutline />
      </span>
      <input
        ref={input}
        type="file"
        hidden
        accept={AVATAR_TYPES.join(',')}
        onChange={(event) => void onPick(event.target.files?.[0])}
        data-testid="avatar-file"
      />
    </button>
  );
}
