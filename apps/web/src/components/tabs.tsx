// A row of tabs that looks like antd-mobile's Tabs as the theme draws it (the titles spread
// over the width, the active one underlined in olive) without its animation library:
// antd-mobile slides the underline with react-spring, 15 KB of brotli that Trade's first
// load would fetch for My robots' four tabs (issue 33). Buttons with the tab roles; the
// arrow keys move the choice (mirrored right to left), Home and End go to the ends, and
// only the chosen tab is in the Tab order. The content under it is the caller's.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  title: ReactNode;
  testId?: string;
}

/**
 * The tab a key press on `current` moves to, or null for a key that does not move:
 * ArrowRight is the next tab left to right and the previous one right to left; the ends
 * wrap round, as antd-mobile's do.
 */
export function tabAfterKey<K>(keys: readonly K[], current: K, key: string, rtl: boolean) {
  const at = Math.max(0, keys.indexOf(current));
  const step =
    key === 'ArrowRight' ? (rtl ? -1 : 1) : key === 'ArrowLeft' ? (rtl ? 1 : -1) : undefined;
  if (step !== undefined) return keys[(at + step + keys.length) % keys.length] ?? null;
  if (key === 'Home') return keys[0] ?? null;
  if (key === 'End') return keys[keys.length - 1] ?? null;
  return null;
}

export function Tabs<K extends string>({
  items,
  active,
  onChange,
  label,
  className,
}: {
  items: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  /** The tab list's accessible name, when no heading names it. */
  label?: string;
  className?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const keys = items.map((item) => item.key);
    const next = tabAfterKey(keys, active, event.key, rtl);
    if (next === null) return;
    event.preventDefault();
    if (next !== active) onChange(next);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[keys.indexOf(next)]?.focus();
  };
  return (
    <div className={className ? `tabs ${className}` : 'tabs'}>
      <div
        className="tabs__list"
        role="tablist"
        aria-label={label}
        ref={list}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const selected = item.key === active;
          return (
            <div key={item.key} className="tabs__cell">
              <button
                type="button"
                role="tab"
                className={selected ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
                aria-selected={selected}
                tabIndex={selected ? 0 : -1}
                data-testid={item.testId}
                onClick={() => (selected ? undefined : onChange(item.key))}
              >
                {item.title}
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
