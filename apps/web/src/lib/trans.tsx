// A text with markup in it, as react-i18next's <Trans> drew it: `<terms>Terms</terms>` in a
// catalogue's text becomes `components.terms` with "Terms" (in the reader's language) as its
// children. Tags may nest; `<name/>` stands alone; a tag without a component shows its
// text. The text's other parts stay text, which React escapes.
import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from './i18n.ts';
import type { TranslateOptions } from './translator.ts';

const TAG = /<(\/?)(\w+)\s*(\/?)>/g;

/** The nodes of `text` with its tags replaced by `components`. */
export function withComponents(
  text: string,
  components: Record<string, ReactElement<{ children?: ReactNode }>>,
): ReactNode[] {
  // A stack of open tags, each gathering its children; the bottom one is the text itself.
  const stack: { name: string; children: ReactNode[] }[] = [{ name: '', children: [] }];
  const place = (name: string, children: ReactNode[]) => {
    const parent = stack[stack.length - 1]!.children;
    const component = components[name];
    const key = parent.length;
    parent.push(
      // Without children the component keeps its own.
      component ? (
        cloneElement(component, { key }, ...children)
      ) : (
        <Fragment key={key}>{children}</Fragment>
      ),
    );
  };
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, closing, name, selfClosing] = match as unknown as [
      string,
      string,
      string,
      string,
    ];
    const top = stack[stack.length - 1]!;
    if (match.index > last) top.children.push(text.slice(last, match.index));
    last = match.index + whole.length;
    if (selfClosing) place(name, []);
    else if (!closing) stack.push({ name, children: [] });
    else if (stack.length > 1 && top.name === name) {
      stack.pop();
      place(name, top.children);
    } else top.children.push(whole); // a stray closing tag shows as written
  }
  if (last < text.length) stack[stack.length - 1]!.children.push(text.slice(last));
  // Tags left open: their text, as written.
  while (stack.length > 1) {
    const open = stack.pop()!;
    stack[stack.length - 1]!.children.push(`<${open.name}>`, ...open.children);
  }
  return stack[0]!.children;
}

export function Trans({
  i18nKey,
  values,
  components = {},
}: {
  i18nKey: string;
  values?: TranslateOptions;
  components?: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const { t } = useTranslation();
  return <>{withComponents(t(i18nKey, values), components)}</>;
}
