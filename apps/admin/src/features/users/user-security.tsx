// What support needs about an investor's access: the sessions in use (end one, or all),
// the latest sign-ins with where from and on what, and what holds the account with why and
// until when. Ending a session is an audited admin call (`users/end-session`,
// `users/end-sessions`), like every change.
import { useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Space, Table, Tooltip, Typography } from 'antd';
import { adminCall } from '../../lib/api.ts';
import { ActionButton } from '../../components/action-button.tsx';
import { summariseAgent } from '../../components/device.ts';
import { Value } from '../../components/values.tsx';

interface Session {
  id: string;
  signed_in_at: string | null;
  last_seen_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
}

interface SignIn {
  id: string;
  at: string;
  ip: string;
  user_agent: string;
}

/** A user agent as "Chrome 131 · Windows", the whole string in the tooltip. */
export function Device({ agent }: { agent: string }) {
  const t = useTranslate();
  if (!agent) return <Typography.Text type="secondary">—</Typography.Text>;
  const { browser, system } = summariseAgent(agent);
  const text = [browser, system].filter(Boolean).join(' · ') || t('users.unknownDevice');
  return (
    <Tooltip title={agent}>
      <span data-testid="device">{text}</span>
    </Tooltip>
  );
}

export function SessionsCard({ userId }: { userId: string }) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const key = ['admin', 'user-sessions', userId];
  const sessions = useQuery({
    queryKey: key,
    queryFn: () => adminCall<{ list: Session[] }>('users/sessions', { id: userId }),
  });
  const signIns = useQuery({
    queryKey: ['admin', 'user-sign-ins', userId],
    queryFn: () => adminCall<{ list: SignIn[] }>('users/sign-ins', { id: userId }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const list = sessions.data?.list ?? [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        size="small"
        title={t('users.sessions')}
        data-testid="user-sessions"
        extra={
          list.length > 0 && (
            <ActionButton
              resource="users"
              action="end-sessions"
              id={userId}
              danger
              label={t('users.endAll')}
              testId="end-all-sessions"
              onDone={refresh}
            />
          )
        }
      >
        <Table<Session>
          rowKey="id"
          size="small"
          loading={sessions.isLoading}
          dataSource={list}
          pagination={false}
          locale={{ emptyText: <Empty description={t('users.noSessions')} /> }}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'signed_in_at',
              title: t('fields.signed_in_at'),
              render: (_, s) => <Value kind="date" value={s.signed_in_at} />,
            },
            {
              key: 'last_seen_at',
              title: t('fields.last_seen_at'),
              render: (_, s) => <Value kind="date" value={s.last_seen_at} />,
            },
            { key: 'ip', dataIndex: 'ip', title: t('fields.ip') },
            {
              key: 'device',
              title: t('fields.device'),
              render: (_, s) => <Device agent={s.user_agent} />,
            },
            {
              key: 'actions',
              title: t('table.actions'),
              render: (_, s) => (
                <ActionButton
                  resource="users"
                  action="end-session"
                  id={userId}
                  body={{ session_id: s.id }}
                  danger
                  label={t('users.endSession')}
                  testId={`end-session-${s.id}`}
                  onDone={refresh}
                />
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('users.signIns')} data-testid="user-sign-ins">
        <Table<SignIn>
          rowKey="id"
          size="small"
          loading={signIns.isLoading}
          dataSource={signIns.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('users.noSignIns')} /> }}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'at',
              title: t('fields.at'),
              render: (_, s) => <Value kind="date" value={s.at} />,
            },
            { key: 'ip', dataIndex: 'ip', title: t('fields.ip') },
            {
              key: 'device',
              title: t('fields.device'),
              render: (_, s) => <Device agent={s.user_agent} />,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
