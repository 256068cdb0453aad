// The editor's preview: the body as the investor app will show it. The server renders it
// (`content/preview`) with the same Markdown renderer and allowlist sanitiser as a
// published item (decision 114), so what the editor sees is what investors get; the styles
// follow the app's `.content-prose` (apps/web/src/features/content/content.css) on its
// dark surface, and an Arabic text reads right to left as it will in the app.
import { useEffect, useState } from 'react';
import { useTranslate } from '@refinedev/core';
import { Card, Typography } from 'antd';
import { adminCall } from '../../lib/api.ts';
import './content-preview.css';

const RTL = new Set(['ar']);
/** Wait this long after the last keystroke before asking for a rendering. */
const TYPING_PAUSE_MS = 300;

export function ContentPreview({
  title,
  body,
  language,
}: {
  title: string | undefined;
  body: string | undefined;
  language: string | undefined;
}) {
  const t = useTranslate();
  const [html, setHtml] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      adminCall<{ html: string }>('content/preview', { body: body ?? '' })
        .then((data) => {
          if (!current) return;
          setHtml(data.html);
          setFailed(false);
        })
        .catch(() => current && setFailed(true));
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [body]);
  return (
    <Card
      size="small"
      title={t('content.preview')}
      extra={<Typography.Text type="secondary">{t('content.previewHint')}</Typography.Text>}
      data-testid="content-preview"
    >
      <div className="console-preview" dir={language && RTL.has(language) ? 'rtl' : 'ltr'}>
        {title && <h1 className="console-preview__title">{title}</h1>}
        {failed ? (
          <Typography.Text type="danger">{t('content.previewFailed')}</Typography.Text>
        ) : (
          <div
            className="content-prose"
            data-testid="content-preview-body"
            // The server's sanitised rendering, exactly what the app inserts (decision 114).
            dangerouslySetInnerHTML={{ __html: html }}
          />
        )}
      </div>
    </Card>
  );
}
