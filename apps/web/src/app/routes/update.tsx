// `/` and pages/public/update: the app update check (spec section 4, Update flow).
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { UpdateProgress } from '../../features/update/components/update-progress.tsx';
import { useUpdateFlow } from '../../features/update/hooks/use-update-flow.ts';
import '../../features/update/update.css';

export default function UpdateScreen() {
  const { t } = useTranslation();
  const flow = useUpdateFlow();
  const update = flow.update;
  const storeLinks = [
    update?.android_url
      ? { key: 'android', text: t('update.android'), url: update.android_url }
      : null,
    update?.ios_url ? { key: 'ios', text: t('update.ios'), url: update.ios_url } : null,
  ].filter((link) => link !== null);

  return (
    <div className="screen screen--update">
      <UpdateProgress state={flow.state} />
      <Dialog
        visible={flow.state === 'available'}
        title={t('update.availableTitle', { version: update?.version ?? '' })}
        content={<div data-testid="update-dialog">{t('update.availableBody')}</div>}
        closeOnAction={false}
        actions={[
          [
            { key: 'later', text: t('update.later'), onClick: flow.later },
            { key: 'now', text: t('update.now'), bold: true, onClick: flow.acceptUpdate },
          ],
          ...storeLinks.map((link) => ({
            key: link.key,
            text: link.text,
            onClick: () => void window.open(link.url, '_blank', 'noopener'),
          })),
        ]}
      />
    </div>
  );
}
