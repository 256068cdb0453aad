// The review queue's and the withdrawals list's column of approvals: how many a
// withdrawal above the four-eyes threshold still needs, and who gave the first.
import type { BaseRecord, useTranslate } from '@refinedev/core';
import type { Column } from '../../components/resource-table.tsx';
import { Value } from '../../components/values.tsx';

export const approvalsColumn = (t: ReturnType<typeof useTranslate>): Column => ({
  key: 'needs_two_approvals',
  render: (w: BaseRecord) =>
    w.needs_two_approvals ? (
      <span>
        {w.first_approved_by
          ? t('withdrawals.oneOfTwo', { by: w.first_approved_by })
          : t('withdrawals.twoNeeded')}
      </span>
    ) : (
      <Value kind="bool" value={false} />
    ),
});
