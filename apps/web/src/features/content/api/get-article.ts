// /api/main/about and /api/main/userPage: an article by key (about, disclaimer, privacy,
// terms, or a help-centre article), in the reader's language or else English.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { callData } from '../../../lib/api.ts';

export interface ContentArticle {
  id: string;
  kind: string;
  key: string;
  title: string;
  /** Rendered and sanitised by the server (decisions/114-content-markdown.md). */
  body_html: string;
  cover: string;
  published_at: string;
  lang: string;
}

export function useArticle(key: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['content', 'article', key, i18n.language] as const,
    queryFn: () =>
      callData<ContentArticle>(key === 'about' ? '/api/main/about' : '/api/main/userPage', {
        key,
      }),
    enabled: key !== '',
    retry: false,
  });
}
