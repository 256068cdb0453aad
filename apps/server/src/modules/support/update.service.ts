// The app update check (spec 4 "Update flow", API.md /api/main/update). The operator
// sets the latest version and the oldest version still allowed; an app older than that
// must update ("0", forced), one between them may ("1"), the latest is told "".
import { versionCode, type UpdateData } from '@olive/protocol';
import type { SettingsRepository } from './settings.repository.ts';

export interface AppUpdateSettings {
  latest_version: string;
  min_version: string;
  android_url: string;
  ios_url: string;
}

export const APP_UPDATE_KEY = 'app_update';

export const defaultAppUpdate: AppUpdateSettings = {
  latest_version: '1.8',
  min_version: '1.0',
  android_url: '',
  ios_url: '',
};

export function decideUpdate(clientVersion: string, settings: AppUpdateSettings): UpdateData {
  const client = versionCode(clientVersion);
  const type =
    client >= versionCode(settings.latest_version)
      ? ''
      : client < versionCode(settings.min_version)
        ? '0'
        : '1';
  return {
    type,
    version: settings.latest_version,
    android_url: settings.android_url,
    ios_url: settings.ios_url,
  };
}

export function updateService(settings: SettingsRepository) {
  return {
    async check(clientVersion: string): Promise<UpdateData> {
      const current = (await settings.get<AppUpdateSettings>(APP_UPDATE_KEY)) ?? defaultAppUpdate;
      return decideUpdate(clientVersion, { ...defaultAppUpdate, ...current });
    },
  };
}
