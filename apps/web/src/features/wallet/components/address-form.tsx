// Saving the withdrawal address of a network: the address, the fund password, and a
// confirmation, because once saved only customer service can change it. The address is
// shown whole in the confirmation, monospaced and in groups of four, to be read in full.
import { SubmitButton } from '../../../components/submit-button.tsx';
import { Form, TextArea } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { FundPasswordInput } from '../../../components/fund-password-input.tsx';
import { failureData } from '../../../lib/api.ts';
import { confirmAction, toastSuccess } from '../../../lib/messages.ts';
import { useSetWithdrawalAddress } from '../api/set-address.ts';
import {
  chainName,
  groupAddress,
  looksLikeAddress,
  networkLabel,
  type Network,
} from '../utils/networks.ts';
import '../wallet.css';

interface Values {
  address: string;
  fund_password: string;
}

export function AddressForm({ network, onSaved }: { network: Network; onSaved?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSetWithdrawalAddress(onSaved);

  const onFinish = async (values: Values) => {
    const address = values.address.replace(/\s+/g, '');
    const confirmed = await confirmAction(
      t('wallet.saveAddress'),
      <div className="address-confirm" data-testid="address-confirm">
        <p>{t('wallet.addressConfirmLead', { network: networkLabel[network] })}</p>
        <code className="address-confirm__address" dir="ltr" data-testid="address-confirm-address">
          {groupAddress(address)}
        </code>
        <p className="address-confirm__warning">{t('wallet.addressConfirmWarning')}</p>
      </div>,
    );
    if (!confirmed) return;
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
                const text = typeof value === 'string' ? value.replace(/\s+/g, '') : '';
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
          {/* A text area that wraps, monospaced: the whole address stays in view while typing. */}
          <TextArea
            className="address-input"
            placeholder={network === 'trc20' ? 'T…' : '0x…'}
            autoComplete="off"
            autoSize={{ minRows: 2, maxRows: 3 }}
            rows={2}
            maxLength={64}
            data-testid="address-input"
          />
        </Form.Item>
        <Form.Item
          name="fund_password"
          validateTrigger="onBlur"
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
