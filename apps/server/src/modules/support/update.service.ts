// The app update check (spec 4 "Update flow", API.md /api/main/update). The operator
// sets the latest version and the oldest version still allowed; an app older than that
// must update ("0", forced), one between them may ("1"), the latest is told "".
import { versionCode, type UpdateData } from '@olive/protocol';
import { fieldError } from '../../errors.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';

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
  const current = async (): Promise<AppUpdateSettings> => ({
    ...defaultAppUpdate,
    ...((await settings.get<AppUpdateSettings>(APP_UPDATE_KEY)) ?? {}),
  });
  return {
    /** What the operator set (console and `settings:get --key app_update`). */
    current,

    /** Changes the given fields; versions are dotted numbers ("1.8"), URLs http(s) or empty. */
    async set(change: Partial<AppUpdateSettings>) {
      const before = await current();
      for (const field of ['latest_version', 'min_version'] as const) {
        const v = change[field];
        if (v !== undefined && !/^\d{1,4}(\.\d{1,4}){0,3}$/.test(v)) {
          throw fieldError(field, 'validation.invalid');
        }
      }
      for (const field of ['android_url', 'ios_url'] as const) {
        const v = change[field];
        if (v !== undefined && v !== '' && !/^https?:\/\/\S{1,500}$/.test(v)) {
          throw fieldError(field, 'validation.invalid');
        }
      }
      const after = { ...before };
      for (const [k, v] of Object.entries(change)) {
        if (v !== undefined) after[k as keyof AppUpdateSettings] = v;
      }
      await settings.put(APP_UPDATE_KEY, after);
      return { before, after };
    },

    async check(clientVersion: string): Promise<UpdateData> {
      const current = (await settings.get<AppUpdateSettings>(APP_UPDATE_KEY)) ?? defaultAppUpdate;
      return decideUpdate(clientVersion, { ...defaultAppUpdate, ...current });
    },
  };
}
