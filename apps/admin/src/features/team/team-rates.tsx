// Referral rates per team level, set all at once (team-rates/set {levels}): a named action
// over the whole table rather than Refine's per-record update (see docs/decisions/115b).
import { useEffect } from 'react';
import { useCan, useCustomMutation, useInvalidate, useList, useTranslate } from '@refinedev/core';
import { Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { amountRefusal } from '@olive/protocol/numbers';

interface Rate {
  id: string;
  level: number;
  rate: string;
}

export function TeamRates() {
  const t = useTranslate();
  const { result, query } = useList<Rate>({ resource: 'team-rates', pagination: { mode: 'off' } });
  const { data: canSet } = useCan({ resource: 'team-rates', action: 'set' });
  const { mutate, mutation } = useCustomMutation();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<{ levels: string[] }>();
  const rates = result.data;

  useEffect(() => {
    form.setFieldsValue({ levels: rates.map((r) => r.rate) });
  }, [form, rates]);

  const save = ({ levels }: { levels: string[] }) =>
    mutate(
      {
        url: 'team-rates/set',
        method: 'post',
        values: { levels },
        successNotification: { type: 'success', message: t('notifications.saved') },
        errorNotification: (error) => ({
          type: 'error',
          message: t('notifications.refused', { action: t('buttons.save') }),
          description: error?.message,
        }),
      },
      { onSuccess: () => void invalidate({ resource: 'team-rates', invalidates: ['list'] }) },
    );

  return (
    <Card title={t('resources.team-rates')}>
      {query.isLoading ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={save}
          disabled={canSet?.can !== true}
          style={{ maxWidth: 420 }}
        >
          {rates.map((rate, index) => (
            <Form.Item
              key={rate.id}
              name={['levels', index]}
              label={t('teamRates.level', { level: rate.level })}
              rules={[
                { required: true, message: t('form.percent') },
                {
                  // The server's parser: 0 to 100, at most 2 decimals, written plainly.
                  validator: (_: unknown, value: unknown) =>
                    value === undefined ||
                    value === '' ||
                    !amountRefusal(value, { decimals: 2, max: 100n * 10n ** 8n })
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('form.percent'))),
                },
              ]}
            >
              <Input
                suffix="%"
                inputMode="decimal"
                style={{ width: 160 }}
                aria-label={t('teamRates.level', { level: rate.level })}
              />
            </Form.Item>
          ))}
          {canSet?.can && (
            <Space>
              <Button type="primary" htmlType="submit" loading={mutation.isPending}>
                {t('buttons.save')}
              </Button>
            </Space>
          )}
        </Form>
      )}
    </Card>
  );
}
