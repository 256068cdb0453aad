// Sign-in: e-mail and password, then the authenticator code when the server asks for it
// (admin.otp_required). A new operator without TOTP is sent to /enrol by the auth provider.
import { useState } from 'react';
import { useLogin, useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Layout, Typography } from 'antd';
import type { LoginParams } from '../../lib/operator.ts';
import { LanguageSwitch } from '../../components/header.tsx';

export function LoginPage() {
  const t = useTranslate();
  const [form] = Form.useForm<LoginParams>();
  const [askOtp, setAskOtp] = useState(false);
  const queryClient = useQueryClient();
  const { mutate: login, isPending } = useLogin<LoginParams>();

  const submit = (values: LoginParams) => {
    // Nothing cached for a previous operator (permissions, lists) survives a sign-in.
    queryClient.removeQueries();
    login(values, {
      onSuccess: (result) => {
        if (!result.success && result.otpRequired) {
          setAskOtp(true);
          form.setFieldValue('otp', '');
        }
      },
    });
  };

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <main style={{ width: 380, maxWidth: '92vw' }}>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
          <LanguageSwitch />
        </div>
        <Card>
          <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item
              name="email"
              label={t('login.email')}
              rules={[{ required: true, type: 'email', message: t('login.emailRequired') }]}
            >
              <Input autoComplete="username" data-testid="login-email" autoFocus />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Input.Password autoComplete="current-password" data-testid="login-password" />
            </Form.Item>
            {askOtp && (
              <Form.Item
                name="otp"
                label={t('login.otp')}
                extra={t('login.otpHelp')}
                rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.otpRequired') }]}
              >
                <Input
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  autoFocus
                  data-testid="login-otp"
                />
              </Form.Item>
            )}
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={isPending}
              data-testid="login-submit"
            >
              {t('login.submit')}
            </Button>
          </Form>
        </Card>
      </main>
    </Layout>
  );
}
