// The signed-in operator's own account: their sessions (ending the others) and password.
import { useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import { adminCall } from '../../lib/api.ts';
import { Value } from '../../components/values.tsx';

interface Session {
  id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
  current: boolean;
}

export function AccountPage() {
  const t = useTranslate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: ['admin', 'sessions'],
    queryFn: () => adminCall<{ list: Session[]; total: number }>('auth/sessions/list'),
  });
  const [form] = Form.useForm<{ password: string; new_password: string }>();

  const end = async (id: string) => {
    try {
      await adminCall('auth/sessions/end', { id });
      message.success(t('account.ended'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sessions'] });
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const changePassword = async (values: { password: string; new_password: string }) => {
    try {
      await adminCall('auth/password', values);
      message.success(t('account.passwordChanged'));
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sessions'] });
    } catch (error) {
      const field = (error as { field?: string }).field;
      const text = error instanceof Error ? error.message : String(error);
      if (field === 'password' || field === 'new_password')
        form.setFields([{ name: field, errors: [text] }]);
      else message.error(text);
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('account.sessions')}>
        <Table
          rowKey="id"
          size="small"
          loading={sessions.isLoading}
          dataSource={sessions.data?.list ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'created_at',
              title: t('fields.created_at'),
              render: (_: unknown, s: Session) => <Value kind="date" value={s.created_at} />,
            },
            {
              key: 'last_seen_at',
              title: t('fields.last_seen_at'),
              render: (_: unknown, s: Session) => <Value kind="date" value={s.last_seen_at} />,
            },
            { key: 'ip', dataIndex: 'ip', title: t('fields.ip') },
            {
              key: 'user_agent',
              dataIndex: 'user_agent',
              title: t('fields.user_agent'),
              ellipsis: true,
              width: 320,
            },
            {
              key: 'actions',
              title: t('table.actions'),
              render: (_: unknown, s: Session) =>
                s.current ? (
                  <Tag color="green">{t('account.current')}</Tag>
                ) : (
                  <Button size="small" danger onClick={() => void end(s.id)}>
                    {t('account.end')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Card title={t('account.password')}>
        <Form form={form} layout="vertical" onFinish={changePassword} style={{ maxWidth: 400 }}>
          <Form.Item
            name="password"
            label={t('account.currentPassword')}
            rules={[{ required: true }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="new_password"
            label={t('account.newPassword')}
            rules={[{ required: true, min: 10, max: 128 }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('buttons.save')}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
