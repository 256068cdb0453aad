// The signed-in session: a token and a user id kept in localStorage (spec 4, Login).
// Screens subscribe so that signing out anywhere re-renders them.
import { useSyncExternalStore } from 'react';
import { readStored, removeStored, storageKeys, writeStored } from './storage.ts';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function getToken(): string {
  return readStored(storageKeys.token) ?? '';
}

export function getUserId(): string {
  return readStored(storageKeys.userId) ?? '';
}

export function isSignedIn(): boolean {
  return getToken() !== '';
}

export function saveSession(token: string, userId: string): void {
  writeStored(storageKeys.token, token);
  writeStored(storageKeys.userId, userId);
  notify();
}

export function replaceToken(token: string): void {
  writeStored(storageKeys.token, token);
  notify();
}

export function clearSession(): void {
  removeStored(storageKeys.token);
  removeStored(storageKeys.userId);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.token || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// What a screen drawn at build time shows (decision 204): signed out, or signed in with
// every call pending. There is no session in Node; this is the drawing's alone. In the
// browser it is the session of the drawing the app hydrates (decision 205): React's
// hydrating render reads this server snapshot, so it matches the drawing.
let drawnSignedIn = false;

/**
 * The session the drawn screens show: set by the build before drawing them
 * (app/first-screen-html.tsx), and by the app's entry before hydrating one (main.tsx).
 */
export function drawSignedIn(signedIn: boolean): void {
  drawnSignedIn = signedIn;
}

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => drawnSignedIn);
}
