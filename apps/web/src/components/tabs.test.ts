import { describe, expect, it } from 'vitest';
import { tabAfterKey } from './tabs.tsx';

const TABS = ['running', 'waiting', 'not_started', 'ended'] as const;

describe('the tab a key moves to', () => {
  it('goes right for the next tab left to right, and wraps round at the ends', () => {
    expect(tabAfterKey(TABS, 'running', 'ArrowRight', false)).toBe('waiting');
    expect(tabAfterKey(TABS, 'waiting', 'ArrowLeft', false)).toBe('running');
    expect(tabAfterKey(TABS, 'ended', 'ArrowRight', false)).toBe('running');
    expect(tabAfterKey(TABS, 'running', 'ArrowLeft', false)).toBe('ended');
  });

  it('mirrors the arrows right to left, where the first tab is on the right', () => {
    expect(tabAfterKey(TABS, 'running', 'ArrowLeft', true)).toBe('waiting');
    expect(tabAfterKey(TABS, 'waiting', 'ArrowRight', true)).toBe('running');
    expect(tabAfterKey(TABS, 'running', 'ArrowRight', true)).toBe('ended');
  });

  it('goes to the ends with Home and End, and ignores every other key', () => {
    expect(tabAfterKey(TABS, 'not_started', 'Home', false)).toBe('running');
    expect(tabAfterKey(TABS, 'waiting', 'End', true)).toBe('ended');
    for (const key of ['ArrowUp', 'ArrowDown', 'Enter', ' ', 'a']) {
      expect(tabAfterKey(TABS, 'waiting', key, false)).toBeNull();
    }
  });
});
