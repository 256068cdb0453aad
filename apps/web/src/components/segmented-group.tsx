// A labelled group around antd-mobile's Segmented. rc-segmented marks its box a listbox
// that holds radio inputs and "option" divs, which assistive technology cannot make sense
// of (axe: aria-required-children). The radios already carry the choice and its name, so
// the box becomes a named radiogroup and the stray option roles go.
import { useLayoutEffect, useRef, type ReactNode } from 'react';

export function SegmentedGroup({
  label,
  className,
  dir,
  children,
}: {
  label: string;
  className?: string;
  dir?: 'ltr' | 'rtl';
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    const repair = () => {
      for (const box of element.querySelectorAll('.adm-segmented[role="listbox"]')) {
        box.setAttribute('role', 'radiogroup');
        box.setAttribute('aria-label', label);
      }
      for (const option of element.querySelectorAll('.adm-segmented-item-label')) {
        if (option.hasAttribute('role')) option.removeAttribute('role');
        if (option.hasAttribute('aria-selected')) option.removeAttribute('aria-selected');
      }
    };
    repair();
    const observer = new MutationObserver(repair);
    observer.observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['role', 'aria-selected'],
    });
    return () => observer.disconnect();
  }, [label]);
  return (
    <div className={className} dir={dir} ref={root}>
      {children}
    </div>
  );
}
