// The "new version" dialog of the update check. Its own chunk: antd-mobile's Dialog brings
// its popup and react-spring (about 25 KB), which the first visit to `/` does not need
// unless a release is waiting (docs/benchmarks.md, Lighthouse).
import { Dialog } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import type { useUpdateFlow } from '../hooks/use-update-flow.ts';

type Flow = ReturnType<typeof useUpdateFlow>;

export default function UpdateDialog({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const update = flow.update;
  const storeLinks = [
    update?.android_url
      ? { key: 'android', text: t('update.android'), url: update.android_url }
      : null,
    update?.ios_url ? { key: 'ios', text: t('update.ios'), url: update.ios_url } : null,
  ].filter((link) => link !== null);

  const title = t('update.availableTitle', { version: update?.version ?? '' });
  return (
    <Dialog
      visible
      aria-label={title}
      title={title}
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
  );
}
