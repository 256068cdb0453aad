// The spec's message helpers (section 8): success and failure toasts, a one-button OK
// modal, and a confirm modal titled by what it confirms that resolves to the person's choice.
// antd-mobile's Toast and Modal (and the animation library under them) are not part of
// the first load (issues 17 and 33): `preloadOverlays` fetches them at the first touch or
// key (main.tsx), and a message asked for before that waits for them.
import type { ReactNode } from 'react';
import type * as OverlaysModule from './overlays.ts';
import { i18n } from './i18n.ts';

export const TOAST_MS = 3000;

type Overlays = typeof OverlaysModule;
let overlays: Promise<Overlays> | undefined;

/** Loads Toast and Modal once; a failed load (offline on a first visit) is tried again. */
export function preloadOverlays(): Promise<Overlays> {
  overlays ??= import('./overlays.ts').catch((error: unknown) => {
    overlays = undefined;
    throw error;
  });
  return overlays;
}

/**
 * A toast of our own, for when Toast itself cannot load: offline before the overlays
 * arrived, which is when the offline notice matters most. Text only, where antd's toast
 * shows, gone after `duration`. Like antd's, one shows at a time: a new one replaces it,
 * so several requests refused together show one notice, not a stack of the same words.
 */
let plainShown: { element: HTMLDivElement; timer: ReturnType<typeof setTimeout> } | undefined;

function plainToast(content: string, duration: number) {
  if (plainShown) {
    clearTimeout(plainShown.timer);
    plainShown.element.remove();
  }
  const element = document.createElement('div');
  element.className = 'plain-toast';
  element.setAttribute('role', 'status');
  element.textContent = content;
  document.body.append(element);
  const shown = {
    element,
    timer: setTimeout(() => {
      element.remove();
      if (plainShown === shown) plainShown = undefined;
    }, duration),
  };
  plainShown = shown;
}

function toast(options: { icon?: 'success' | 'fail'; content: string; duration: number }) {
  preloadOverlays().then(
    ({ Toast }) => Toast.show(options),
    () => plainToast(options.content, options.duration),
  );
}

export function toastSuccess(content: string, duration = TOAST_MS): void {
  toast({ icon: 'success', content, duration });
}

export function toastFailure(content: string, duration = TOAST_MS): void {
  toast({ icon: 'fail', content, duration });
}

/** A plain toast with no icon (the offline notice). */
export function toastText(content: string, duration = TOAST_MS): void {
  toast({ content, duration });
}

export function alertOk(content: string, title?: string): Promise<void> {
  return preloadOverlays().then(
    ({ Modal }) => Modal.alert({ title, content, confirmText: i18n.t('common.ok') }),
    () => {},
  );
}

/**
 * Asks before an action. `title` says what is being confirmed: the action's own label, as
 * its button shows it ("Stop", "Log out"), never a generic "Hint". A string `content` is
 * centred; a node (the address being locked in) is laid out by its caller.
 */
export function confirmAction(title: string, content: ReactNode): Promise<boolean> {
  return preloadOverlays().then(
    ({ Modal }) =>
      Modal.confirm({
        title,
        content,
        cancelText: i18n.t('common.cancel'),
        confirmText: i18n.t('common.confirm'),
      }),
    () => false,
  );
}
