// Proof of reserves for operators (reserves/list, reserves/snapshot): the latest snapshot at
// a glance with its alarms and networks (reserves against the ledger's custody, read
// errors), then every snapshot with its liabilities, reserves on chain, ratio, root, leaves
// and anchor, each opening onto its details. "Take a snapshot now" shows for admin and finance only;
// the server checks the role and audits the snapshot. Other roles read.
import { type BaseRecord, useCan, useList, useTranslate } from '@refinedev/core';
import { List } from '@refinedev/antd';
import {
  Alert,
  Card,
  Col,
  Descriptions,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { ActionButton } from '../../components/action-button.tsx';
import { ResourceTable } from '../../components/resource-table.tsx';
import { Value } from '../../components/values.tsx';

type Alarm =
  'reserves_below_liabilities' | 'chain_unreadable' | 'network_below_custody' | 'not_anchored';

interface NetworkReserves {
  network: string;
  block: string;
  custody: string;
  reserves: string;
  ratio: string | null;
  hot_wallet: string | null;
  error: string | null;
}

interface Snapshot {
  id: string;
  taken_at: string;
  liabilities: string;
  reserves: string | null;
  ratio: string | null;
  root: string;
  leaf_count: number;
  user_count: number;
  anchor_tx: string | null;
  anchor_network: string | null;
  demo_excluded: { users: number; amount: string };
  file: string;
  networks: NetworkReserves[];
  alarms: Alarm[];
}

// Dark enough for white text (WCAG AA), as the console's other tags.
const RED = '#b91c1c';
const GREEN = '#2f6b12';

/** A percentage with two decimals ("101.25"), red below 100. */
function Ratio({ ratio }: { ratio: string | null }) {
  if (ratio === null) return <Value value={null} />;
  return (
    <span
      style={{ color: Number(ratio) < 100 ? RED : undefined, fontVariantNumeric: 'tabular-nums' }}
    >
      {`${ratio}%`}
    </span>
  );
}

function Alarms({ alarms }: { alarms: Alarm[] }) {
  const t = useTranslate();
  if (alarms.length === 0) return <Tag color={GREEN}>{t('reserves.noAlarm')}</Tag>;
  return (
    <Space size={4} wrap>
      {alarms.map((alarm) => (
        <Tag key={alarm} color={RED} data-testid={`alarm-${alarm}`}>
          {t(`reserves.alarms.${alarm}`)}
        </Tag>
      ))}
    </Space>
  );
}

/** One network's reserves against its custody, in a line (inside a table row). */
function NetworkLine({ n }: { n: NetworkReserves }) {
  const t = useTranslate();
  if (n.error !== null) return <Typography.Text type="danger">{n.error}</Typography.Text>;
  return (
    <span>
      {`${n.reserves} / ${n.custody} USDT · `}
      <Ratio ratio={n.ratio} />
      {` · ${t('fields.block')} ${n.block}`}
    </span>
  );
}

// Plain descriptions, not a nested table: a table inside a row of a table sized to its
// content made both grow without end.
function Details({ snapshot }: { snapshot: Snapshot }) {
  const t = useTranslate();
  return (
    <Descriptions size="small" column={{ xs: 1, xl: 2 }}>
      <Descriptions.Item label={t('fields.user_count')}>{snapshot.user_count}</Descriptions.Item>
      <Descriptions.Item label={t('values.demo')}>
        {t('reserves.demoExcluded', {
          users: snapshot.demo_excluded.users,
          amount: snapshot.demo_excluded.amount,
        })}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.anchor_tx')}>
        <Value kind="hash" value={snapshot.anchor_tx} />
      </Descriptions.Item>
      <Descriptions.Item label={t('reserves.file')}>
        <a href={snapshot.file}>{`olive-reserves-${snapshot.id}.json`}</a>
      </Descriptions.Item>
      {snapshot.networks.map((n) => (
        <Descriptions.Item key={n.network} label={t(`values.${n.network}`, n.network)}>
          <NetworkLine n={n} />
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** Reserves against the ledger's custody on each network, with read errors. */
function Networks({ networks }: { networks: NetworkReserves[] }) {
  const t = useTranslate();
  return (
    <Table<NetworkReserves>
      size="small"
      rowKey="network"
      pagination={false}
      title={() => t('reserves.networks')}
      dataSource={networks}
      style={{ marginTop: 16 }}
      columns={[
        {
          key: 'network',
          title: t('fields.network'),
          render: (_, n) => <Value kind="enum" value={n.network} />,
        },
        { key: 'block', dataIndex: 'block', title: t('fields.block') },
        {
          key: 'custody',
          title: t('fields.custody'),
          render: (_, n) => <Value kind="money" value={n.custody} />,
        },
        {
          key: 'reserves',
          title: t('fields.reserves'),
          render: (_, n) => <Value kind="money" value={n.error === null ? n.reserves : null} />,
        },
        {
          key: 'ratio',
          title: t('reserves.networkRatio'),
          render: (_, n) => <Ratio ratio={n.ratio} />,
        },
        {
          key: 'hot_wallet',
          title: t('fields.hot_wallet'),
          render: (_, n) => <Value kind="hash" value={n.hot_wallet} />,
        },
        {
          key: 'error',
          title: t('fields.error'),
          render: (_, n) =>
            n.error === null ? (
              <Value value={null} />
            ) : (
              <Typography.Text type="danger">{n.error}</Typography.Text>
            ),
        },
      ]}
    />
  );
}

function Latest() {
  const t = useTranslate();
  const { result } = useList<Snapshot>({
    resource: 'reserves',
    pagination: { currentPage: 1, pageSize: 1 },
  });
  const latest = result?.data[0];
  if (!latest) return null;
  return (
    <Card
      size="small"
      title={t('reserves.latest')}
      extra={<Value kind="date" value={latest.taken_at} />}
      style={{ marginBottom: 16 }}
      data-testid="reserves-latest"
    >
      <Row gutter={[16, 16]}>
        <Col xs={12} xl={5}>
          <Statistic title={t('fields.liabilities')} value={`${latest.liabilities} USDT`} />
        </Col>
        <Col xs={12} xl={5}>
          <Statistic
            title={t('fields.reserves')}
            value={latest.reserves === null ? '—' : `${latest.reserves} USDT`}
          />
        </Col>
        <Col xs={12} xl={4}>
          <Statistic
            title={t('fields.ratio')}
            value={latest.ratio === null ? '—' : `${latest.ratio}%`}
            valueStyle={{
              color:
                latest.ratio === null ? undefined : Number(latest.ratio) >= 100 ? '#3f6600' : RED,
            }}
          />
        </Col>
        <Col xs={12} xl={10}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('fields.alarms')}
          </Typography.Text>
          <Alarms alarms={latest.alarms} />
        </Col>
      </Row>
      <Networks networks={latest.networks} />
    </Card>
  );
}

export function ReservesPage() {
  const t = useTranslate();
  const { data: snapshot } = useCan({ resource: 'reserves', action: 'snapshot' });
  return (
    <List
      title={t('resources.reserves')}
      headerButtons={
        <ActionButton
          resource="reserves"
          action="snapshot"
          id="now"
          primary
          label={t('reserves.take')}
          testId="reserves-take"
        />
      }
    >
      <Typography.Paragraph type="secondary">{t('reserves.help')}</Typography.Paragraph>
      {snapshot?.can === false && (
        <Alert type="info" showIcon message={t('reserves.readOnly')} style={{ marginBottom: 16 }} />
      )}
      <Latest />
      <ResourceTable
        resource="reserves"
        empty={t('reserves.none')}
        columns={[
          { key: 'id', sortable: true },
          { key: 'taken_at', kind: 'date' },
          { key: 'liabilities', kind: 'money' },
          { key: 'reserves', kind: 'money' },
          { key: 'ratio', render: (s) => <Ratio ratio={(s as Snapshot).ratio} /> },
          { key: 'alarms', render: (s) => <Alarms alarms={(s as Snapshot).alarms} /> },
          { key: 'leaf_count' },
          { key: 'root', kind: 'hash' },
          {
            key: 'anchor',
            render: (s: BaseRecord) =>
              s.anchor_tx ? (
                <Space size={4}>
                  <Value kind="enum" value={s.anchor_network} />
                  <Value kind="hash" value={s.anchor_tx} />
                </Space>
              ) : (
                <Value value={null} />
              ),
          },
        ]}
        expandable={(s) => <Details snapshot={s as Snapshot} />}
      />
    </List>
  );
}
