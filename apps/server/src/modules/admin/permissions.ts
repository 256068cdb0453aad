// Who may do what in the operator console: the one table the server checks on every
// admin call (and `auth/me` hands to the console so it can hide the rest). A permission is
// "<resource>.<action>", the call's own path under /api/admin/.
export const ROLES = ['admin', 'finance', 'support', 'editor'] as const;
export type Role = (typeof ROLES)[number];

const staff: readonly Role[] = ['admin', 'finance', 'support'];
const money: readonly Role[] = ['admin', 'finance'];
const adminOnly: readonly Role[] = ['admin'];
const writers: readonly Role[] = ['admin', 'editor'];
const readers: readonly Role[] = ['admin', 'support', 'editor'];

/** Every admin call but sign-in: the roles that may make it. */
export const PERMISSIONS: Readonly<Record<string, readonly Role[]>> = {
  'dashboard.show': staff,

  'users.list': staff,
  'users.show': staff,
  'users.freeze': staff, // scope sign_in: admin and support only (users.freeze-sign-in)
  'users.unfreeze': staff,
  'users.freeze-sign-in': ['admin', 'support'],
  'users.reset-address': money,
  'users.adjust': adminOnly,
  // Support's view of an account's security: its sessions and sign-ins; ending sessions
  // is the same power as freezing sign-in.
  'users.sessions': staff,
  'users.sign-ins': staff,
  'users.end-session': ['admin', 'support'],
  'users.end-sessions': ['admin', 'support'],
  'ledger-entries.list': staff,
  'team-members.list': staff,

  'deposits.list': staff,
  'deposits.show': staff,
  'withdrawals.list': staff,
  'withdrawals.show': staff,
  'withdrawals.review': staff,
  'withdrawals.approve': money,
  'withdrawals.reject': money,
  'withdrawal-policy.show': money,
  'withdrawal-policy.update': adminOnly,

  'networks.list': staff,
  'networks.show': staff,
  'networks.update': money,

  'markets.list': staff,
  'markets.update': adminOnly,
  'robots.list': staff,
  'robots.show': staff,
  'robots.disable': adminOnly,
  'robots.enable': adminOnly,
  'robot-settings.show': staff,
  'robot-settings.update': adminOnly,

  'mining-models.list': staff,
  'mining-models.show': staff,
  'mining-models.create': adminOnly,
  'mining-models.update': adminOnly,
  'rentals.list': staff,

  'team-rates.list': money,
  'team-rates.set': adminOnly,

  'content.list': readers,
  'content.show': readers,
  'content.preview': readers,
  'content.create': writers,
  'content.update': writers,
  'content.publish': writers,
  'content.unpublish': writers,
  'contacts.list': readers,
  'contacts.show': readers,
  'contacts.create': writers,
  'contacts.update': writers,
  'app-update.show': writers,
  'app-update.update': writers,
  // The legal pages' operator details: the same roles as the pages themselves.
  'legal-details.show': readers,
  'legal-details.update': writers,

  'ledger-audit.show': money,
  // Proof of reserves is public; taking a snapshot (heavy, anchored on chain) is money's.
  'reserves.list': ['admin', 'finance', 'support', 'editor'],
  'reserves.snapshot': money,

  'operators.list': adminOnly,
  'operators.show': adminOnly,
  'operators.create': adminOnly,
  'operators.update': adminOnly,
  'operators.reset-totp': adminOnly,
  'operators.reset-password': adminOnly,

  'audit.list': adminOnly,
  'audit.show': adminOnly,
};

export function may(role: string, permission: string): boolean {
  return (PERMISSIONS[permission] as readonly string[] | undefined)?.includes(role) ?? false;
}

export function permissionsOf(role: string): string[] {
  return Object.keys(PERMISSIONS).filter((p) => may(role, p));
}
