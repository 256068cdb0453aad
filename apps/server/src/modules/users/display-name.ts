// How other users appear on team screens and leaderboards (team, mining): accounts partly
// masked (`ab***@mail.com`, `138****5678`), and a nickname only when it reveals nothing of
// the account (the default nickname is the e-mail's name: never shown as such).
// The database keeps both forms of every user (users.masked_account and users.shown_name,
// migration 0137) by the same rule, counted in characters as PostgreSQL counts them; team
// member lists show and search those (decision 137). Change both together.
export function maskAccount(account: string): string {
  const chars = [...account];
  const at = chars.indexOf('@');
  if (at > 0) return `${chars.slice(0, Math.min(2, at)).join('')}***${chars.slice(at).join('')}`;
  if (chars.length >= 8) return `${chars.slice(0, 3).join('')}****${chars.slice(-4).join('')}`;
  return `${chars.slice(0, 1).join('')}***`;
}

/**
 * The name shown for another user: their nickname if they chose one that does not give
 * the account away, else the masked account. A nickname gives it away when it contains
 * an `@`, the e-mail's name (3 characters or more), or four digits of the phone number.
 */
export function displayName(nickname: string, account: string): string {
  const name = nickname.trim().toLowerCase();
  const masked = maskAccount(account);
  if (!name || name.includes('@') || name === masked.toLowerCase()) return masked;
  const at = account.indexOf('@');
  if (at > 0) {
    const local = account.slice(0, at).toLowerCase();
    const long = [...local].length >= 3;
    if (long ? name.includes(local) || local.includes(name) : name === local) {
      return masked;
    }
  } else {
    const digits = name.replace(/\D/g, '');
    for (let i = 0; i + 4 <= digits.length; i += 1) {
      if (account.includes(digits.slice(i, i + 4))) return masked;
    }
  }
  return nickname.trim();
}
