// What holds an investor's account, as the user page and the withdrawal review show it:
// what is held, why (the operator's reason from the audit log, or the rule that holds it),
// by whom and until when (`users/show` and `withdrawals/review` answer `holds`).
import { useTranslate } from '@refinedev/core';
import { List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';

export interface Hold {
  kind: string;
  until: string | null;
  reason: string | null;
  by: string | null;
  since: string | null;
}

/** The holds on an account: what is held, why, by whom and until when. */
export function Holds({ holds }: { holds: Hold[] }) {
  const t = useTranslate();
  if (holds.length === 0) {
    return <Typography.Text type="secondary">{t('users.noHolds')}</Typography.Text>;
  }
  return (
    <List
      size="small"
      dataSource={holds}
      data-testid="holds"
      renderItem={(h) => (
        <List.Item data-testid={`hold-${h.kind}`}>
          <Space direction="vertical" size={0}>
            <Space size={8} wrap>
              <Tag color="#b91c1c">{t(`holds.${h.kind}`)}</Tag>
              <Typography.Text>
                {h.until
                  ? t('users.holdUntil', { until: dayjs(h.until).format('YYYY-MM-DD HH:mm') })
                  : t('users.holdUntilLifted')}
              </Typography.Text>
            </Space>
            <Typography.Text type="secondary">
              {h.reason
                ? t('users.holdReason', { reason: h.reason, by: h.by ?? '' })
                : t(`holds.${h.kind}Why`)}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}
