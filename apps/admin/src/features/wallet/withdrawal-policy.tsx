// Which withdrawals are sent without review, and above which amount two operators must
// approve (four-eyes).
import { SettingsForm } from '../../components/settings-form.tsx';

export function WithdrawalPolicy() {
  return (
    <SettingsForm
      resource="withdrawal-policy"
      fields={[
        { key: 'auto_approve_max', kind: 'decimal', required: true, help: true },
        { key: 'four_eyes_min', kind: 'decimal', required: true, help: true },
      ]}
    />
  );
}
