// /api/main/captcha: a single-use image code, valid 5 minutes. Any check spends it, so
// each screen holds its own picture and asks for a new one after every use.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';

export interface Captcha {
  captcha_id: string;
  /** A data: URL of an SVG picture. */
  image: string;
}

export const getCaptcha = () => callData<Captcha>('/api/main/captcha');

/** A picture of this screen's own; `refresh` fetches the next one. */
export function useCaptcha(enabled = true) {
  const owner = useId();
  const query = useQuery({
    queryKey: ['captcha', owner],
    queryFn: getCaptcha,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
  return {
    captcha: query.data,
    isFetching: query.isFetching,
    /** The picture's request failed and none is shown: the investor is asked to tap it. */
    failed: query.isError && !query.isFetching,
    refresh: () => void query.refetch(),
    /** A form needs a picture that is not there yet: ask for one unless it is on its way. */
    requestMissing: () => {
      if (!query.isFetching) void query.refetch();
    },
  };
}
