// A named admin action (`<resource>/<action>`, e.g. withdrawals/approve) behind a button:
// hidden when the role may not take it, confirmed or asking for its inputs (a reason, a
// scope) in a dialog, sent with Refine's custom mutation, the lists it changes refreshed.
// Success and refusal come back as notifications carrying the server's translated `msg`.
import { useState, type ReactNode } from 'react';
import {
  type BaseKey,
  type BaseRecord,
  type HttpError,
  useCan,
  useCustomMutation,
  useInvalidate,
  useTranslate,
} from '@refinedev/core';
import { Button, Form, Modal, Popconfirm } from 'antd';
import { FormFields, type Field } from './resource-form.tsx';

interface Props {
  resource: string;
  action: string;
  id: BaseKey;
  /** Fixed parts of the body (e.g. `{enabled: false}`). */
  body?: Record<string, unknown>;
  /** Inputs asked in a dialog before sending; none means a plain confirmation. */
  fields?: readonly Field[];
  label: string;
  danger?: boolean;
  primary?: boolean;
  testId?: string;
  /** Also refresh these resources (a user's detail after a withdrawal change, ...). */
  refresh?: readonly string[];
  onDone?: (data: BaseRecord) => void;
  icon?: ReactNode;
  /** Sends an `idempotency_key`, one per opened dialog, so a retried send posts once. */
  idempotent?: boolean;
}

export function ActionButton({
  resource,
  action,
  id,
  body,
  fields,
  label,
  danger,
  primary,
  testId,
  refresh = [],
  onDone,
  icon,
  idempotent,
}: Props) {
  const t = useTranslate();
  const { data: allowed } = useCan({ resource, action });
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [form] = Form.useForm<Record<string, unknown>>();
  const { mutate, mutation } = useCustomMutation<BaseRecord, HttpError>();

  if (allowed?.can !== true) return null;

  const send = (values: Record<string, unknown> = {}) =>
    mutate(
      {
        url: `${resource}/${action}`,
        method: 'post',
        values: {
          ...body,
          ...values,
          ...(idempotent ? { idempotency_key: idempotencyKey } : {}),
          id: String(id),
        },
        successNotification: () => ({
          type: 'success',
          message: t('notifications.done', { action: label }),
        }),
        errorNotification: (error) => ({
          type: 'error',
          message: t('notifications.refused', { action: label }),
          description: error?.message,
        }),
      },
      {
        onSuccess: ({ data }) => {
          setOpen(false);
          form.resetFields();
          for (const name of [resource, ...refresh]) {
            void invalidate({ resource: name, invalidates: ['list', 'detail'], id });
          }
          onDone?.(data);
        },
        onError: (error) => {
          const field = (error as { field?: string }).field;
          if (field && fields?.some((f) => f.key === field)) {
            form.setFields([{ name: field, errors: [error.message] }]);
          }
        },
      },
    );

  const button = (
    <Button
      size="small"
      danger={danger}
      type={primary ? 'primary' : 'default'}
      loading={mutation.isPending}
      data-testid={testId}
      icon={icon}
      onClick={
        fields
          ? () => {
              setIdempotencyKey(crypto.randomUUID());
              setOpen(true);
            }
          : undefined
      }
    >
      {label}
    </Button>
  );

  if (!fields) {
    return (
      <Popconfirm
        title={t('actions.confirm', { action: label })}
        okText={t('buttons.confirm')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ 'data-testid': `${testId ?? action}-confirm` }}
        onConfirm={() => send()}
      >
        {button}
      </Popconfirm>
    );
  }

  return (
    <>
      {button}
      <Modal
        open={open}
        title={label}
        okText={t('buttons.confirm')}
        cancelText={t('buttons.cancel')}
        confirmLoading={mutation.isPending}
        okButtonProps={{ danger, 'data-testid': `${testId ?? action}-confirm` }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={send} preserve={false}>
          <FormFields fields={fields} />
        </Form>
      </Modal>
    </>
  );
}

/** The mandatory reason of a reviewed action (rejections, freezes, adjustments). */
export const REASON: Field = { key: 'reason', kind: 'textarea', required: true };
