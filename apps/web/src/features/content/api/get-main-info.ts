// /api/main/maininfo: everything Home shows in one call; signed in it adds the investor's
// totals (the ledger's, as userinfo) and the unread-notice count for the badge.
// Home stays current without a reload (issue 34): a notice an operator publishes appears
// when the tab comes back into view or focus, and every HOME_REFRESH_MS while it is in view
// (the server keeps maininfo a few seconds, so an open Home costs it little).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { callData } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

export interface MainInfo {
  notices: { id: string; title: string; published_at: string }[];
  banners: { id: string; title: string; image: string; link: string }[];
  help: { id: string; key: string; category: string; title: string }[];
  partners: { id: string; name: string; logo: string; url: string; detail: string }[];
  production: Record<string, unknown> | null;
  assets?: { total_assets: string; total_earnings: string };
  unread_notices?: number;
}

export const mainInfoKey = (lang: string, signedIn: boolean) =>
  ['content', 'maininfo', lang, signedIn] as const;

/** How often an open, visible Home asks again for what operators published. */
export const HOME_REFRESH_MS = 60_000;

export const mainInfoQuery = (lang: string, signedIn: boolean) =>
  queryOptions({
    queryKey: mainInfoKey(lang, signedIn),
    queryFn: () => callData<MainInfo>('/api/main/maininfo'),
    // The app's default is no refetch on focus; Home's content is the exception.
    refetchOnWindowFocus: 'always',
    refetchInterval: HOME_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export function useMainInfo() {
  const { i18n } = useTranslation();
  const signedIn = useSignedIn();
  return useQuery(mainInfoQuery(i18n.language, signedIn));
}
