// TOTP enrolment, required before any other call: the server's secret as a QR code (and as
// text for typing in), then the first code from the authenticator app to switch it on.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useGo, useInvalidateAuthStore, useLogout, useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Layout, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { AdminApiError, adminCall, getToken } from '../../lib/api.ts';
import { forgetOperator } from '../../lib/operator.ts';
import { LanguageSwitch } from '../../components/header.tsx';

interface TotpSetup {
  secret: string;
  otpauth_url: string;
}

export function EnrolPage() {
  const t = useTranslate();
  const go = useGo();
  const invalidateAuth = useInvalidateAuthStore();
  const { mutate: logout } = useLogout();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ otp: string }>();
  const signedIn = getToken() !== null;
  // Asked once per visit: every call makes a new pending secret, so a second call would
  // leave the QR code on screen stale.
  const setupQuery = useQuery({
    queryKey: ['admin', 'totp-setup'],
    queryFn: () => adminCall<TotpSetup>('auth/totp-setup'),
    enabled: signedIn,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const setup = setupQuery.data ?? null;
  const failure = setupQuery.error;
  const signedOut = !signedIn || (failure instanceof AdminApiError && failure.statusCode === 401);

  useEffect(() => {
    if (signedOut) go({ to: '/login', type: 'replace' });
  }, [signedOut, go]);

  const shownError = error ?? (failure && !signedOut ? failure.message : null);

  const enable = async ({ otp }: { otp: string }) => {
    setBusy(true);
    try {
      await adminCall('auth/totp-enable', { otp: otp.trim() });
      forgetOperator();
      await invalidateAuth();
      go({ to: '/', type: 'replace' });
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.field) {
        form.setFields([{ name: 'otp', errors: [failure.message] }]);
      } else setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <main style={{ width: 440, maxWidth: '94vw' }}>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
          <LanguageSwitch />
        </div>
        <Card>
          <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
            {t('enrol.title')}
          </Typography.Title>
          <Typography.Paragraph>{t('enrol.intro')}</Typography.Paragraph>
          {shownError && (
            <Alert type="error" message={shownError} showIcon style={{ marginBottom: 16 }} />
          )}
          {!setup && !shownError && <Spin />}
          {setup && (
            <>
              <div style={{ display: 'flex', justifyContent: 'center', margin: '8px 0 16px' }}>
                <QRCodeSVG
                  value={setup.otpauth_url}
                  size={184}
                  marginSize={2}
                  title={t('enrol.qr')}
                />
              </div>
              <Typography.Paragraph>
                {t('enrol.secret')}{' '}
                <Typography.Text code copyable data-testid="totp-secret">
                  {setup.secret}
                </Typography.Text>
              </Typography.Paragraph>
              <Form form={form} layout="vertical" onFinish={enable} requiredMark={false}>
                <Form.Item
                  name="otp"
                  label={t('enrol.code')}
                  rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.otpRequired') }]}
                >
                  <Input
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    maxLength={6}
                    data-testid="enrol-otp"
                  />
                </Form.Item>
                <Button
                  type="primary"
                  htmlType="submit"
                  block
                  loading={busy}
                  data-testid="enrol-submit"
                >
                  {t('enrol.submit')}
                </Button>
              </Form>
            </>
          )}
          <Button type="link" onClick={() => logout()} style={{ paddingLeft: 0, marginTop: 8 }}>
            {t('buttons.logout')}
          </Button>
        </Card>
      </main>
    </Layout>
  );
}
