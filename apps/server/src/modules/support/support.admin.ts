// The console's app-update calls (docs/admin-api.md): the versions and download links
// the app's update check answers. The admin module serves them.
import { Type } from 'typebox';
import { action } from '../../console/action.ts';
import { defined, Singleton } from '../../console/list.ts';
import type { updateService } from './update.service.ts';

export function supportAdminActions(deps: { updates: ReturnType<typeof updateService> }) {
  const { updates } = deps;
  return [
    action({
      path: 'app-update/show',
      permission: 'app-update.show',
      writes: false,
      body: Singleton,
      run: async () => ({ data: { id: 'app-update', ...(await updates.current()) } }),
    }),
    action({
      path: 'app-update/update',
      permission: 'app-update.update',
      writes: true,
      body: {
        ...Singleton,
        latest_version: Type.Optional(Type.String({ maxLength: 20 })),
        min_version: Type.Optional(Type.String({ maxLength: 20 })),
        android_url: Type.Optional(Type.String({ maxLength: 500 })),
        ios_url: Type.Optional(Type.String({ maxLength: 500 })),
      },
      async run(body) {
        const { id: _id, ...change } = body;
        const { before, after } = await updates.set(defined(change));
        return {
          data: { id: 'app-update', ...after },
          audit: { target: 'settings:app-update', before, after },
        };
      },
    }),
  ];
}
