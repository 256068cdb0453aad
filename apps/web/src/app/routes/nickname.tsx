// pages/setting/userName: change the nickname.
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useUserInfo } from '../../features/account/api/get-user-info.ts';
import { NicknameForm } from '../../features/account/components/nickname-form.tsx';

export default function NicknameScreen() {
  const { t } = useTranslation();
  const router = useRouter();
  const { user } = useUserInfo();
  return (
    <div className="screen" data-testid="screen-nickname">
      <PageHeader title={t('pages.nickname')} />
      <main className="screen__body">
        {user ? (
          <NicknameForm nickname={user.nickname} onSaved={() => router.history.back()} />
        ) : (
          <LoadingFallback />
        )}
      </main>
    </div>
  );
}
