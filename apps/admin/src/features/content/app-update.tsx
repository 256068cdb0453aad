// The app versions the investor app compares itself with, and where the packages are.
import { SettingsForm } from '../../components/settings-form.tsx';

export function AppUpdate() {
  return (
    <SettingsForm
      resource="app-update"
      fields={[
        { key: 'latest_version', required: true },
        { key: 'min_version', required: true, help: true },
        { key: 'android_url' },
        { key: 'ios_url' },
      ]}
    />
  );
}
