// The platform's share of robot profits and the simulated maker fee.
import { SettingsForm } from '../../components/settings-form.tsx';

export function RobotSettings() {
  return (
    <SettingsForm
      resource="robot-settings"
      fields={[
        { key: 'performance_fee', kind: 'decimal', required: true, help: true },
        { key: 'maker_fee', kind: 'decimal', required: true, help: true },
      ]}
    />
  );
}
