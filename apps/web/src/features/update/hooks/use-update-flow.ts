// The update flow of spec section 4, for the web build: checking version, then for a
// forced ("0") or accepted ("1") update: downloading and installing a new service worker
// version, install completed (after the reload) or update failed. Progress is kept in
// localStorage so it survives the reload that applies the new version.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { ReplyCode } from '@olive/protocol/envelope';
import type { UpdateData } from '@olive/protocol/calls';
import { paths } from '../../../config/paths.ts';
import { removeStored, storageKeys, writeStored } from '../../../lib/storage.ts';
import { toastFailure, toastSuccess } from '../../../lib/messages.ts';
import { wasOffline } from '../../../lib/api.ts';
import { updateCheckQuery } from '../api/check-update.ts';
import { readProgress, UPDATE_QUIT_MS } from '../progress.ts';
import { applyNewVersion, findNewVersion } from '../service-worker.ts';

export type UpdateState =
  'checking' | 'available' | 'downloading' | 'installing' | 'completed' | 'failed';

export const UPDATE_OK_TOAST_MS = 3500;

declare global {
  interface Window {
    __oliveUpdate?: { state: UpdateState; type?: UpdateData['type']; history: UpdateState[] };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useUpdateFlow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [justInstalled] = useState(() => readProgress() !== null);
  const [state, setState] = useState<UpdateState>(justInstalled ? 'completed' : 'checking');
  const [update, setUpdate] = useState<UpdateData | null>(null);
  const started = useRef(false);
  const check = useQuery({ ...updateCheckQuery(), enabled: !justInstalled });

  useEffect(() => {
    const trace = window.__oliveUpdate?.history ?? [];
    if (trace.at(-1) !== state) trace.push(state);
    window.__oliveUpdate = { state, type: update?.type, history: trace };
  }, [state, update]);

  const goHome = useCallback(() => void navigate({ to: paths.home, replace: true }), [navigate]);

  /** `quiet`: the person already has the reason (the offline notice); don't cover it. */
  const fail = useCallback(
    async (quiet = false) => {
      removeStored(storageKeys.updateProgress);
      setState('failed');
      if (!quiet) toastFailure(t('update.error'), UPDATE_QUIT_MS);
      await sleep(UPDATE_QUIT_MS);
      goHome();
    },
    [goHome, t],
  );

  const install = useCallback(
    async (target: UpdateData) => {
      setState('downloading');
      const [found] = await Promise.all([findNewVersion(), sleep(900)]);
      setState('installing');
      if (!found) {
        // This build is the newest the server has: nothing to apply.
        await sleep(700);
        setState('completed');
        await sleep(900);
        goHome();
        return;
      }
      writeStored(
        storageKeys.updateProgress,
        JSON.stringify({ version: target.version, stage: 'installing', at: Date.now() }),
      );
      await sleep(600);
      try {
        await applyNewVersion();
      } catch {
        await fail();
        return;
      }
      // The page reloads when the new version takes control; if it never does, say so.
      await sleep(15_000);
      await fail();
    },
    [fail, goHome],
  );

  // Back from the reload that applied a new version.
  useEffect(() => {
    if (!justInstalled) return;
    if (!started.current) {
      started.current = true;
      removeStored(storageKeys.updateProgress);
      toastSuccess(t('update.ok'), UPDATE_OK_TOAST_MS);
    }
    const timer = setTimeout(goHome, 1500);
    return () => clearTimeout(timer);
  }, [justInstalled, goHome, t]);

  useEffect(() => {
    if (justInstalled || started.current || !check.isSuccess) return;
    started.current = true;
    const reply = check.data;
    if (reply.code !== ReplyCode.Ok || !reply.data) {
      void fail(wasOffline(reply));
      return;
    }
    const data = reply.data;
    setUpdate(data);
    if (data.type === '') goHome();
    else if (data.type === '0') void install(data);
    else setState('available');
  }, [check.isSuccess, check.data, justInstalled, fail, goHome, install]);

  useEffect(() => {
    if (check.isError && !started.current) {
      started.current = true;
      void fail();
    }
  }, [check.isError, fail]);

  return {
    state,
    update,
    forced: update?.type === '0',
    acceptUpdate: () => {
      if (update) void install(update);
    },
    later: goHome,
  };
}
