// One investor: balances, addresses and team, then every related list (ledger entries,
// deposits, withdrawals, robots, rentals, team members) paged by the server, and the
// actions a reviewer takes: freeze or unfreeze (only the one that applies), reset a
// withdrawal address, and (admin only) a ledger adjustment with its mandatory reason,
// posted through the ledger. Support's part: two-factor on or off, what holds the account
// and why, the sessions in use (end one or all) and the latest sign-ins (user-security.tsx).
import { useCan, useShow, useTranslate } from '@refinedev/core';
import { Show } from '@refinedev/antd';
import { Alert, Card, Descriptions, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { ActionButton, REASON } from '../../components/action-button.tsx';
import { ResourceTable, type Column, type Filter } from '../../components/resource-table.tsx';
import { DemoTag, Value } from '../../components/values.tsx';
import { Holds, type Hold } from '../../components/holds.tsx';
import { SessionsCard } from './user-security.tsx';

interface UserDetail {
  id: string;
  /** A seeded demo investor (decision 111d). */
  demo: boolean;
  account: string;
  account_kind: string;
  nickname: string;
  status: string;
  withdrawals_frozen: boolean;
  inviter_id: string | null;
  created_at: string;
  two_factor: { enabled: boolean; enabled_at: string | null };
  holds: Hold[];
  balances: Record<
    'available' | 'frozen' | 'robot_principal' | 'robot_pnl' | 'mining' | 'total',
    string
  >;
  deposit_addresses: Record<string, string>;
  withdrawal_addresses: Record<string, string>;
  team: {
    inviter_id: string | null;
    team_count: number;
    performance: string;
    team_earnings: string;
  };
}

const NETWORKS = ['erc20', 'bep20', 'trc20'] as const;

/** The investor's related lists, one tab each, filtered by the investor (`user_id`). */
const RELATED: {
  resource: string;
  columns: Column[];
  filters?: Filter[];
  rowKey?: string;
}[] = [
  {
    resource: 'ledger-entries',
    filters: [
      { key: 'kind' },
      { key: 'account_kind', options: ['available', 'frozen', 'robot_principal', 'mining'] },
    ],
    columns: [
      { key: 'id', sortable: true },
      { key: 'entry_id' },
      { key: 'kind', kind: 'enum' },
      { key: 'account_kind', kind: 'enum' },
      { key: 'amount', kind: 'money' },
      { key: 'balance_after', kind: 'money' },
      { key: 'reference' },
      { key: 'reason' },
      { key: 'created_at', kind: 'date' },
    ],
  },
  {
    resource: 'deposits',
    columns: [
      { key: 'id', sortable: true },
      { key: 'network', kind: 'enum' },
      { key: 'amount', kind: 'money', sortable: true },
      { key: 'status', kind: 'state' },
      { key: 'confirmations' },
      { key: 'tx_hash', kind: 'hash' },
      { key: 'created_at', kind: 'date', sortable: true },
    ],
  },
  {
    resource: 'withdrawals',
    columns: [
      { key: 'id', sortable: true },
      { key: 'network', kind: 'enum' },
      { key: 'amount', kind: 'money', sortable: true },
      { key: 'status', kind: 'state' },
      { key: 'address', kind: 'hash' },
      { key: 'tx_hash', kind: 'hash' },
      { key: 'created_at', kind: 'date', sortable: true },
    ],
  },
  {
    resource: 'robots',
    columns: [
      { key: 'id', sortable: true },
      { key: 'market' },
      { key: 'direction', kind: 'enum' },
      { key: 'status', kind: 'state' },
      { key: 'principal', kind: 'money', sortable: true },
      { key: 'settled_net', kind: 'money' },
      { key: 'created_at', kind: 'date' },
    ],
  },
  {
    resource: 'rentals',
    columns: [
      { key: 'id', sortable: true },
      { key: 'model' },
      { key: 'hash_rate_ths' },
      { key: 'days' },
      { key: 'status', kind: 'state' },
      { key: 'expires_at', kind: 'date' },
    ],
  },
  {
    resource: 'team-members',
    rowKey: 'user_id',
    columns: [
      { key: 'user_id' },
      { key: 'account' },
      { key: 'level' },
      { key: 'total_topup', kind: 'money' },
      { key: 'total_withdrawal', kind: 'money' },
      { key: 'team_count' },
      { key: 'joined_at', kind: 'date' },
    ],
  },
];

export function UserShow() {
  const t = useTranslate();
  const { result: user, query } = useShow<UserDetail>({ resource: 'users' });
  // Freezing sign-in needs its own permission (finance freezes withdrawals only).
  // The freeze and unfreeze lists wait for it: a list that grew under the pointer would
  // let an operator pick the scope that slid into the place of the one they aimed at.
  const { data: signIn, isLoading: checking } = useCan({
    resource: 'users',
    action: 'freeze-sign-in',
  });
  const scopes = signIn?.can ? ['sign_in', 'withdrawals'] : ['withdrawals'];
  // Only what applies: Freeze offers the scopes not yet frozen, Unfreeze those that are.
  const frozen = (scope: string) =>
    scope === 'sign_in' ? user?.status === 'frozen' : user?.withdrawals_frozen === true;
  const toFreeze = scopes.filter((s) => !frozen(s));
  const toUnfreeze = scopes.filter(frozen);
  const id = user?.id;
  const related = id === undefined ? null : { user_id: id };

  const actions = id !== undefined && (
    <Space wrap>
      {!checking && toFreeze.length > 0 && (
        <ActionButton
          resource="users"
          action="freeze"
          id={id}
          label={t('users.freeze')}
          danger
          testId="user-freeze"
          fields={[{ key: 'scope', kind: 'select', options: toFreeze, required: true }, REASON]}
        />
      )}
      {!checking && toUnfreeze.length > 0 && (
        <ActionButton
          resource="users"
          action="unfreeze"
          id={id}
          label={t('users.unfreeze')}
          testId="user-unfreeze"
          fields={[{ key: 'scope', kind: 'select', options: toUnfreeze, required: true }, REASON]}
        />
      )}
      <ActionButton
        resource="users"
        action="reset-address"
        id={id}
        label={t('users.resetAddress')}
        testId="user-reset-address"
        fields={[{ key: 'network', kind: 'select', options: NETWORKS, required: true }, REASON]}
      />
      <ActionButton
        resource="users"
        action="adjust"
        id={id}
        label={t('users.adjust')}
        danger
        testId="user-adjust"
        refresh={['ledger-entries']}
        idempotent
        fields={[
          { key: 'amount', kind: 'decimal', signed: true, required: true, help: true },
          REASON,
        ]}
      />
    </Space>
  );

  return (
    <Show
      goBack={false}
      isLoading={query.isLoading}
      // Refine makes a heading only of a text title: this one stays a heading with its tag
      // beside it, loading or loaded (a reader's and a test's landmark).
      title={
        <Space size={8}>
          <Typography.Title level={4} style={{ marginBottom: 0 }}>
            {user ? `${t('resources.users')} · ${user.account}` : t('resources.users')}
          </Typography.Title>
          {user?.demo && <DemoTag />}
        </Space>
      }
      headerButtons={({ defaultButtons }) => (
        <>
          {actions}
          {defaultButtons}
        </>
      )}
    >
      {user && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {user.demo && <Alert type="warning" showIcon message={t('users.demoInvestor')} />}
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={t('fields.id')}>{user.id}</Descriptions.Item>
            <Descriptions.Item label={t('fields.account')}>{user.account}</Descriptions.Item>
            <Descriptions.Item label={t('fields.nickname')}>{user.nickname}</Descriptions.Item>
            <Descriptions.Item label={t('fields.status')}>
              <Value kind="state" value={user.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.withdrawals_frozen')}>
              <Value kind="bool" value={user.withdrawals_frozen} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.two_factor')}>
              <span data-testid="user-two-factor">
                <Value kind="bool" value={user.two_factor.enabled} />
                {user.two_factor.enabled_at && (
                  <Typography.Text type="secondary">
                    {t('users.since', {
                      at: dayjs(user.two_factor.enabled_at).format('YYYY-MM-DD HH:mm'),
                    })}
                  </Typography.Text>
                )}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.inviter_id')}>
              <Value value={user.inviter_id} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.created_at')}>
              <Value kind="date" value={user.created_at} />
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('users.holds')} data-testid="user-holds">
            <Holds holds={user.holds} />
          </Card>
          <SessionsCard userId={user.id} />
          <Space wrap align="start" size="middle">
            <Card size="small" title={t('users.balances')} style={{ minWidth: 260 }}>
              <Descriptions size="small" column={1}>
                {(
                  [
                    'available',
                    'frozen',
                    'robot_principal',
                    'robot_pnl',
                    'mining',
                    'total',
                  ] as const
                ).map((k) => (
                  <Descriptions.Item key={k} label={t(`fields.${k}`)}>
                    <Value kind="money" value={user.balances[k]} />
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Card>
            <Card size="small" title={t('users.addresses')} style={{ minWidth: 360 }}>
              <Descriptions size="small" column={1}>
                {NETWORKS.map((n) => (
                  <Descriptions.Item key={n} label={`${n.toUpperCase()} ${t('users.deposit')}`}>
                    <Value kind="hash" value={user.deposit_addresses[n]} />
                  </Descriptions.Item>
                ))}
                {NETWORKS.map((n) => (
                  <Descriptions.Item
                    key={`w${n}`}
                    label={`${n.toUpperCase()} ${t('users.withdrawal')}`}
                  >
                    <Value kind="hash" value={user.withdrawal_addresses[n]} />
                  </Descriptions.Item>
                ))}
              </Descriptions>
            </Card>
            <Card size="small" title={t('users.team')} style={{ minWidth: 260 }}>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('fields.team_count')}>
                  {user.team.team_count}
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.performance')}>
                  <Value kind="money" value={user.team.performance} />
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.team_earnings')}>
                  <Value kind="money" value={user.team.team_earnings} />
                </Descriptions.Item>
              </Descriptions>
            </Card>
          </Space>
          {related && (
            <Tabs
              items={RELATED.map(({ resource, ...table }) => ({
                key: resource,
                label: t(`resources.${resource}`),
                children: (
                  <ResourceTable embedded resource={resource} permanent={related} {...table} />
                ),
              }))}
            />
          )}
        </Space>
      )}
    </Show>
  );
}
