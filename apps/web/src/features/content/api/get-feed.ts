// /api/main/notice and /api/main/news: paged lists (pinned first, newest first) and one
// item by id with its sanitised HTML body.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { callData } from '../../../lib/api.ts';
import type { ContentArticle } from './get-article.ts';

export type FeedKind = 'notice' | 'news';

export interface FeedItem {
  id: string;
  title: string;
  summary: string;
  cover: string;
  pinned: boolean;
  published_at: string;
  lang: string;
}

interface FeedPage {
  list: FeedItem[];
  page: number;
  limit: number;
  total: number;
}

export const FEED_LIMIT = 20;

export function useFeed(kind: FeedKind) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: ['content', kind, i18n.language] as const,
    queryFn: async ({ pageParam }) => {
      const page = await callData<FeedPage>(`/api/main/${kind}`, {
        page: pageParam,
        limit: FEED_LIMIT,
      });
      // Reading page 1 of the notices clears the unread badge on the server.
      if (kind === 'notice' && pageParam === 1) {
        void queryClient.invalidateQueries({ queryKey: ['content', 'maininfo'] });
      }
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

export function useFeedItem(kind: FeedKind, id: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['content', kind, 'item', id, i18n.language] as const,
    queryFn: () => callData<ContentArticle>(`/api/main/${kind}`, { id }),
    enabled: id !== '',
    retry: false,
  });
}
