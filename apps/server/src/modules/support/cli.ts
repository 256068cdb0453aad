// Operator commands for settings (app update, and later network and robot settings).
import { required, UsageError, type Command } from '../../commands/command.ts';
import { AppError } from '../../errors.ts';
import { settingsRepository } from '../../db/settings.repository.ts';
import { APP_UPDATE_KEY, updateService, type AppUpdateSettings } from './update.service.ts';

export const supportCommands: Record<string, Command> = {
  'settings:get': {
    summary: 'Print an operator setting, e.g. --key app_update',
    flags: ['key'],
    run: async ({ database, flags }) => {
      const key = required(flags, 'key');
      return { result: { [key]: (await settingsRepository(database.db).get(key)) ?? null } };
    },
  },
  'settings:set': {
    summary: "Replace an operator setting with a JSON value, e.g. --key app_update --value '{...}'",
    flags: ['key', 'value'],
    run: async ({ database, flags }) => {
      const key = required(flags, 'key');
      let value: unknown;
      try {
        value = JSON.parse(required(flags, 'value'));
      } catch {
        throw new UsageError('--value must be JSON');
      }
      const settings = settingsRepository(database.db);
      if (key === APP_UPDATE_KEY) {
        // The console's path: the versions and links are checked the same way.
        try {
          const { after } = await updateService(settings).set(value as Partial<AppUpdateSettings>);
          return { result: { [key]: after } };
        } catch (error) {
          if (error instanceof AppError) {
            throw new UsageError(`--value: ${String(error.data?.field ?? 'value')} is invalid`);
          }
          throw error;
        }
      }
      await settings.put(key, value);
      return { result: { [key]: value } };
    },
  },
};
