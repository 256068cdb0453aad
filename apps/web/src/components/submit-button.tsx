// The primary, full-width submit button every form of the app ends with.
import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from '../lib/i18n.ts';

export function SubmitButton(props: { loading: boolean; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Button
      block
      type="submit"
      color="primary"
      shape="rounded"
      size="large"
      loading={props.loading}
      // While loading the button shows a spinner: it still has a name for screen readers.
      loadingText={t('common.loading')}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
