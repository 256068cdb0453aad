// Saving the withdrawal address of a network: the address, the fund password, and a
// confirmation, because once saved only customer service can change it.
import { SubmitButton } from '../../../components/submit-button.tsx';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FundPasswordInput } from '../../../components/fund-password-input.tsx';
import { failureData } from '../../../lib/api.ts';
import { confirmHint, toastSuccess } from '../../../lib/messages.ts';
import { useSetWithdrawalAddress } from '../api/set-address.ts';
import { chainName, looksLikeAddress, networkLabel, type Network } from '../utils/networks.ts';

interface Values {
  address: string;
  fund_password: string;
}

export function AddressForm({ network, onSaved }: { network: Network; onSaved?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSetWithdrawalAddress(onSaved);

  const onFinish = async (values: Values) => {
    const address = values.address.trim();
    if (!(await confirmHint(t('wallet.addressConfirm', { address })))) return;
    save.mutate(
      { network, address, fund_password: values.fund_password },
      {
        onSuccess: (reply) => {
          toastSuccess(reply.msg);
          form.resetFields();
        },
        onError: (error) => {
          const field = failureData(error).field;
          form.setFieldValue('fund_password', '');
          if (field === 'address' || field === 'fund_password') {
            form.setFields([{ name: field, errors: [error.message] }]);
          }
        },
      },
    );
  };

  return (
    <>
      <p className="warning-line">{t('wallet.addressOnce')}</p>
      <Form
        form={form}
        layout="vertical"
        className="form-card"
        requiredMarkStyle="none"
        onFinish={(values) => void onFinish(values)}
        footer={
          <SubmitButton loading={save.isPending} testId="address-submit">
            {t('wallet.saveAddress')}
          </SubmitButton>
        }
      >
        <Form.Item
          name="address"
          label={t('wallet.addressLabel', { network: networkLabel[network] })}
          rules={[
            {
              validator: (_: unknown, value: unknown) => {
                const text = typeof value === 'string' ? value.trim() : '';
                if (!text) return Promise.reject(new Error(t('wallet.addressRequired')));
                if (!looksLikeAddress(network, text))
                  return Promise.reject(
                    new Error(t(network === 'trc20' ? 'wallet.addressTron' : 'wallet.addressEvm')),
                  );
                return Promise.resolve();
              },
            },
          ]}
          description={
            <span className="field-hint">
              {t('wallet.addressHint', {
                network: `${networkLabel[network]} (${chainName[network]})`,
              })}
            </span>
          }
        >
          <Input
            className="address-input"
            placeholder={network === 'trc20' ? 'T…' : '0x…'}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            clearable
            maxLength={64}
            data-testid="address-input"
          />
        </Form.Item>
        <Form.Item
          name="fund_password"
          label={t('auth.fundPassword')}
          rules={[
            {
              validator: (_: unknown, value: unknown) =>
                typeof value === 'string' && /^\d{6}$/.test(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('rules.fundPasswordInvalid'))),
            },
          ]}
        >
          <FundPasswordInput testId="address-fund-password" />
        </Form.Item>
      </Form>
    </>
  );
}
