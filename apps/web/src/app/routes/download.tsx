// pages/personal/download: install Olive. The web app installs through the browser's own
// prompt where there is one (Chromium); iOS Safari has none, so its steps are shown; store
// links appear when the operator set them (downapp).
import { Button } from 'antd-mobile';
import { CheckCircleOutline, DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../lib/i18n.ts';
import { BrandMark } from '../../components/brand-mark.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Toast } from '../../lib/overlays.ts';
import { useAppDownload } from '../../features/content/api/get-download.ts';
import {
  isIos,
  isStandalone,
  useInstallPrompt,
} from '../../features/content/hooks/install-prompt.ts';
import '../../features/content/content.css';
import '../../components/section.css';

export default function DownloadScreen() {
  const { t } = useTranslation();
  const { data } = useAppDownload();
  const prompt = useInstallPrompt();
  const installed = prompt.state === 'installed' || isStandalone();
  const ios = isIos();
  return (
    <div className="screen" data-testid="screen-download">
      <PageHeader title={t('pages.download')} />
      <main className="screen__body">
        <div className="login-brand">
          <BrandMark size={72} />
          <div className="login-brand__name">Olive</div>
          <div className="login-brand__tagline">{t('content.installTagline')}</div>
        </div>

        <section className="card download-card">
          {installed ? (
            <p className="download-card__done" data-testid="install-done">
              <CheckCircleOutline /> {t('content.installed')}
            </p>
          ) : prompt.state === 'ready' ? (
            <Button
              block
              color="primary"
              shape="rounded"
              data-testid="install-button"
              onClick={() =>
                void prompt.install().then((outcome) => {
                  if (outcome === 'accepted')
                    Toast.show({ icon: 'success', content: t('content.installed') });
                })
              }
            >
              <DownlandOutline /> {t('content.install')}
            </Button>
          ) : (
            <p className="download-card__hint" data-testid="install-unavailable">
              {ios ? t('content.iosIntro') : t('content.installMenu')}
            </p>
          )}
          <div className="download-card__ios" data-testid="ios-steps">
            <h2 className="section__title">{t('content.iosTitle')}</h2>
            <ol>
              <li>{t('content.iosStep1')}</li>
              <li>{t('content.iosStep2')}</li>
              <li>{t('content.iosStep3')}</li>
            </ol>
          </div>
        </section>

        {data && (data.android_url || data.ios_url) ? (
          <section className="card download-card" data-testid="store-links">
            <h2 className="section__title">{t('content.stores')}</h2>
            {data.android_url ? (
              <a className="download-card__store" href={data.android_url} rel="noopener noreferrer">
                {t('content.android')}
              </a>
            ) : null}
            {data.ios_url ? (
              <a className="download-card__store" href={data.ios_url} rel="noopener noreferrer">
                {t('content.ios')}
              </a>
            ) : null}
          </section>
        ) : null}
      </main>
    </div>
  );
}
