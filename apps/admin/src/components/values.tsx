// How the console shows the admin API's values: amounts are decimal strings in USDT,
// times ISO-8601 UTC (shown in the operator's time zone), states as translated tags.
import { useTranslate } from '@refinedev/core';
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';

export type ValueKind =
  'text' | 'enum' | 'money' | 'date' | 'bool' | 'state' | 'rate' | 'hash' | 'json';

// Dark enough for white text (WCAG AA); antd's preset light tags are not.
const GREEN = '#2f6b12';
const BLUE = '#1d4ed8';
const AMBER = '#8a5300';
const RED = '#b91c1c';
const STATE_COLOURS: Record<string, string> = {
  active: GREEN,
  credited: GREEN,
  confirmed: GREEN,
  done: GREEN,
  running: GREEN,
  approved: BLUE,
  broadcast: BLUE,
  pending: AMBER,
  pending_review: AMBER,
  below_minimum: AMBER,
  refused: RED,
  rejected: RED,
  failed: RED,
  frozen: RED,
};

export function Value({ kind = 'text', value }: { kind?: ValueKind; value: unknown }) {
  const t = useTranslate();
  if (value === null || value === undefined || value === '') {
    return <Typography.Text type="secondary">—</Typography.Text>;
  }
  switch (kind) {
    case 'enum':
      return <span>{t(`values.${String(value)}`, String(value))}</span>;
    case 'money':
      return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{String(value)}</span>;
    case 'rate':
      return <span>{`${Number(value) * 100}%`}</span>;
    case 'date':
      return <span>{dayjs(String(value)).format('YYYY-MM-DD HH:mm:ss')}</span>;
    case 'bool':
      return value ? <Tag color={GREEN}>{t('values.yes')}</Tag> : <Tag>{t('values.no')}</Tag>;
    case 'state':
      return (
        <Tag color={STATE_COLOURS[String(value)]}>
          {t(`values.${String(value)}`, String(value))}
        </Tag>
      );
    case 'hash':
      return (
        <Typography.Text code ellipsis={{ tooltip: String(value) }} style={{ maxWidth: 160 }}>
          {String(value)}
        </Typography.Text>
      );
    case 'json':
      return (
        <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', maxWidth: 360 }}>
          {JSON.stringify(value, null, 1)}
        </pre>
      );
    default:
      return <span>{String(value)}</span>;
  }
}

/** Marks a seeded demo investor (decision 111d): play money, not a customer. */
export function DemoTag() {
  const t = useTranslate();
  return (
    <Tag color={AMBER} data-testid="demo-tag">
      {t('values.demo')}
    </Tag>
  );
}
