// The checks every journey screenshot runs (issue 18): axe-core for accessibility and a
// layout check for overflow and clipping. `snap` (browser.ts) calls both, so a journey
// that pictures a screen, a dialog, a keypad or a live state also proves it is usable.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 A/AA plus axe's best practices; only serious and critical findings fail. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** OLIVE_UI_SURVEY=1 prints every problem and goes on, to list them all in one run. */
function report(message: string): void {
  if (process.env.OLIVE_UI_SURVEY === '1') console.warn(message);
  else throw new Error(message);
}

/**
 * `exclude` leaves selectors out of the scan: `snap` passes the toast layer when the toast
 * is not pictured, since a 3 s toast caught mid-fade has no settled colours to measure.
 */
export async function checkAccessibility(
  page: Page,
  name: string,
  exclude: string[] = [],
): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  if (failing.length === 0) return;
  const lines = failing.flatMap((v) => [
    `${v.impact} ${v.id}: ${v.help}`,
    ...v.nodes
      .slice(0, 5)
      .map(
        (n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1, 2).join('')}`,
      ),
  ]);
  report(`axe found ${failing.length} problem(s) on "${name}":\n${lines.join('\n')}`);
}

/**
 * Fails when a visible element is wider than the viewport or sticks out of it, when a
 * piece of content (text, a control, a picture, a cell) is cut off sideways by an ancestor
 * that hides its overflow, or when such an ancestor has been scrolled sideways (the "form
 * shifted by 5 px" defect). Horizontal scrollers (overflow-x: auto or scroll) may hold
 * wider content; decorations drawn with ::before/::after are not content. An element
 * marked `data-layout="clip-ok"` (a deliberate ellipsis, a carousel) and what is inside
 * it are skipped.
 */
export async function checkLayout(page: Page, name: string): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      const text = (el.textContent ?? '').trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls ? `.${cls}` : ''} "${text}"`;
    };
    const visible = (el: Element, rect: DOMRect) =>
      rect.width >= 2 &&
      rect.height >= 2 &&
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const ownText = (el: Element) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    const isContent = (el: Element) =>
      ownText(el) ||
      el.childElementCount === 0 ||
      /^(input|textarea|img|svg|canvas|button|select)$/i.test(el.tagName);
    const clipsX = (style: CSSStyleDeclaration) =>
      style.overflowX === 'hidden' || style.overflowX === 'clip';
    const scrollsX = (style: CSSStyleDeclaration) =>
      style.overflowX === 'auto' || style.overflowX === 'scroll';

    if (document.scrollingElement && document.scrollingElement.scrollLeft !== 0) {
      found.push(`the page is scrolled sideways by ${document.scrollingElement.scrollLeft}px`);
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('[data-layout="clip-ok"]')) continue;
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      const rect = el.getBoundingClientRect();
      if (!visible(el, rect)) continue;
      const style = getComputedStyle(el);
      if (clipsX(style) && el.scrollLeft !== 0) {
        found.push(`${describe(el)} is scrolled sideways by ${el.scrollLeft}px, hiding its start`);
      }
      if (
        clipsX(style) &&
        ownText(el) &&
        el.scrollWidth > el.clientWidth + 1 &&
        style.textOverflow !== 'ellipsis' &&
        !/^(input|textarea)$/i.test(el.tagName)
      ) {
        found.push(
          `${describe(el)} cuts off its text (${el.scrollWidth}px in ${el.clientWidth}px)`,
        );
      }
      // Off-screen drawers and popups parked outside the viewport are not drawn.
      if (style.position === 'fixed' && (rect.right <= 0 || rect.left >= width)) continue;
      let inScroller = false;
      let clipper: { el: Element; rect: DOMRect } | null = null;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (scrollsX(s)) {
          inScroller = true;
          break;
        }
        if (!clipper && clipsX(s)) clipper = { el: a, rect: a.getBoundingClientRect() };
      }
      if (inScroller) continue;
      if (rect.left < -1 || rect.right > width + 1) {
        found.push(
          `${describe(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} of a ${width}px viewport`,
        );
        continue;
      }
      if (
        clipper &&
        isContent(el) &&
        (rect.left < clipper.rect.left - 1 || rect.right > clipper.rect.right + 1)
      ) {
        found.push(
          `${describe(el)} is cut off by ${describe(clipper.el)} (${Math.round(rect.left)}..${Math.round(rect.right)} in ${Math.round(clipper.rect.left)}..${Math.round(clipper.rect.right)})`,
        );
      }
    }
    return found;
  });
  if (problems.length > 0) {
    report(`layout problems on "${name}":\n${[...new Set(problems)].slice(0, 15).join('\n')}`);
  }
}

/** The vertical size of the element, for touch-target assertions (44 px and up). */
export async function boxOf(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { width: r.width, height: r.height, left: r.left, right: r.right };
    }),
  );
}
