// Hides what the operator's role may not do, from the `permissions` of `auth/me`
// (`<resource>.<action>`). Only a convenience: the server checks every call.
import type { AccessControlProvider } from '@refinedev/core';
import { getToken } from '../../lib/api.ts';
import { loadOperator } from '../../lib/operator.ts';

/** Singletons have `show` and `update` only: their page is the list entry of the menu. */
const SINGLETONS = new Set([
  'dashboard',
  'robot-settings',
  'withdrawal-policy',
  'app-update',
  'legal-details',
  'ledger-audit',
]);

const OPEN = new Set(['money', 'trading', 'publishing', 'system', 'account']);

/** Refine's action names to the admin API's. */
export function apiAction(resource: string, action: string): string {
  if (action === 'edit') return 'update';
  if (action === 'list' && SINGLETONS.has(resource)) return 'show';
  return action;
}

/** Screens with no API resource of their own: the call whose permission opens them. */
const SCREENS: Record<string, string> = { 'withdrawal-review': 'withdrawals.review' };

export function allows(permissions: readonly string[], resource: string, action: string) {
  const screen = SCREENS[resource];
  if (screen && action === 'list') return permissions.includes(screen);
  const wanted = `${resource}.${apiAction(resource, action)}`;
  return permissions.includes(wanted) || permissions.includes(`${resource}.*`);
}

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action }) {
    if (!resource || !getToken()) return { can: false };
    // Menu groups and the operator's own account page are open to every operator.
    if (OPEN.has(resource)) return { can: true };
    try {
      const { permissions } = await loadOperator();
      return { can: allows(permissions, resource, action) };
    } catch {
      return { can: false };
    }
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    queryOptions: { staleTime: 60_000 },
  },
};
