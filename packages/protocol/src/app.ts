// The investor app's own version, sent to /api/main/update (spec section 9).
export const APP_VERSION = '1.8';
export const APP_VERSION_CODE = 108;

/** "1.8" -> 108, "2.10.1" -> 210; anything unparsable -> 0 (treated as oldest). */
export function versionCode(version: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?(?:\.\d+)?$/.exec(version.trim());
  if (!match) return 0;
  return Number(match[1]) * 100 + Number(match[2] ?? 0);
}
