// The spec's message helpers (section 8): success and failure toasts, a one-button OK
// modal, and a confirm modal titled "hint" that resolves to the person's choice.
import type { ReactNode } from 'react';
import { Modal, Toast } from 'antd-mobile';
import { i18n } from './i18n.ts';

export const TOAST_MS = 3000;

export function toastSuccess(content: string, duration = TOAST_MS): void {
  Toast.show({ icon: 'success', content, duration });
}

export function toastFailure(content: string, duration = TOAST_MS): void {
  Toast.show({ icon: 'fail', content, duration });
}

/** A plain toast with no icon (the offline notice). */
export function toastText(content: string, duration = TOAST_MS): void {
  Toast.show({ content, duration });
}

export function alertOk(content: string, title?: string): Promise<void> {
  return Modal.alert({ title, content, confirmText: i18n.t('common.ok') });
}

/** A string is centred; a node (the address being locked in) is laid out by its caller. */
export function confirmHint(content: ReactNode): Promise<boolean> {
  return Modal.confirm({
    title: i18n.t('common.hint'),
    content,
    cancelText: i18n.t('common.cancel'),
    confirmText: i18n.t('common.confirm'),
  });
}
