// Operators and their roles (admin only). A new operator gets a one-time password, shown
// once here; they sign in with it and must enrol TOTP before anything else.
import { useState } from 'react';
import { useNavigation, useTranslate, type BaseRecord } from '@refinedev/core';
import { Create, Edit, List, useForm } from '@refinedev/antd';
import { Alert, Form, Modal, Typography } from 'antd';
import { ActionButton } from '../../components/action-button.tsx';
import { ResourceTable } from '../../components/resource-table.tsx';
import { FormFields } from '../../components/resource-form.tsx';
import { RowEdit } from '../../components/row-buttons.tsx';

const ROLES = ['admin', 'finance', 'support', 'editor'] as const;

function OneTimePassword({ password, onClose }: { password: string | null; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Modal
      open={password !== null}
      onOk={onClose}
      onCancel={onClose}
      title={t('operators.password')}
      cancelButtonProps={{ hidden: true }}
    >
      <Alert
        type="warning"
        showIcon
        message={t('operators.passwordOnce')}
        style={{ marginBottom: 12 }}
      />
      <Typography.Text code copyable data-testid="one-time-password">
        {password}
      </Typography.Text>
    </Modal>
  );
}

export function OperatorsList() {
  const t = useTranslate();
  const [password, setPassword] = useState<string | null>(null);
  const showPassword = (data: BaseRecord) => setPassword(String(data.password ?? ''));
  return (
    <List title={t('resources.operators')}>
      <ResourceTable
        resource="operators"
        search
        columns={[
          { key: 'id', sortable: true },
          { key: 'email' },
          { key: 'role', render: (o) => t(`roles.${String(o.role)}`, String(o.role)) },
          { key: 'status', kind: 'state' },
          { key: 'totp_enabled', kind: 'bool' },
          { key: 'created_at', kind: 'date' },
          { key: 'last_login_at', kind: 'date' },
        ]}
        filters={[
          { key: 'role', options: ROLES },
          { key: 'status', options: ['active', 'disabled'] },
        ]}
        actions={(o) => (
          <>
            <RowEdit id={o.id} />
            <ActionButton
              resource="operators"
              action="reset-totp"
              id={o.id!}
              label={t('operators.resetTotp')}
              danger
            />
            <ActionButton
              resource="operators"
              action="reset-password"
              id={o.id!}
              label={t('operators.resetPassword')}
              danger
              onDone={showPassword}
            />
          </>
        )}
      />
      <OneTimePassword password={password} onClose={() => setPassword(null)} />
    </List>
  );
}

export function OperatorCreate() {
  const [password, setPassword] = useState<string | null>(null);
  const { list } = useNavigation();
  // No redirect until the one-time password has been seen: it is shown only here.
  const { formProps, saveButtonProps } = useForm({
    resource: 'operators',
    redirect: false,
    onMutationSuccess: ({ data }) => setPassword(String(data.password ?? '')),
  });
  return (
    <Create
      goBack={false}
      saveButtonProps={{ ...saveButtonProps, 'data-testid': 'save' } as typeof saveButtonProps}
    >
      <Form
        {...formProps}
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{ role: 'support' }}
      >
        <FormFields
          fields={[
            { key: 'email', required: true },
            { key: 'role', kind: 'select', options: ROLES, required: true },
          ]}
        />
      </Form>
      <OneTimePassword
        password={password}
        onClose={() => {
          setPassword(null);
          list('operators');
        }}
      />
    </Create>
  );
}

export function OperatorEdit() {
  const { formProps, saveButtonProps } = useForm({
    resource: 'operators',
    mutationMode: 'pessimistic',
  });
  return (
    <Edit goBack={false} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" style={{ maxWidth: 480 }}>
        <FormFields
          fields={[
            { key: 'email', disabled: true },
            { key: 'role', kind: 'select', options: ROLES, required: true },
            { key: 'status', kind: 'select', options: ['active', 'disabled'], required: true },
          ]}
        />
      </Form>
    </Edit>
  );
}
