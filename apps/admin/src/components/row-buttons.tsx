// A list row's icon-only buttons (edit, open): each with an accessible name and the same
// words as a tooltip, so neither a screen reader nor a mouse user meets a bare pencil or eye.
import { useTranslate, type BaseKey } from '@refinedev/core';
import { EditButton, ShowButton } from '@refinedev/antd';
import { Tooltip } from 'antd';

interface Props {
  id: BaseKey | undefined;
  testId?: string;
}

export function RowEdit({ id, testId }: Props) {
  const t = useTranslate();
  const label = t('buttons.edit');
  return (
    <Tooltip title={label}>
      <EditButton hideText size="small" recordItemId={id} aria-label={label} data-testid={testId} />
    </Tooltip>
  );
}

export function RowShow({ id, testId }: Props) {
  const t = useTranslate();
  const label = t('buttons.details');
  return (
    <Tooltip title={label}>
      <ShowButton hideText size="small" recordItemId={id} aria-label={label} data-testid={testId} />
    </Tooltip>
  );
}
