import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withComponents } from './trans.tsx';

const draw = (text: string) =>
  renderToStaticMarkup(
    <>
      {withComponents(text, {
        terms: <a href="#terms" />,
        privacy: <a href="#privacy" />,
        br: <br />,
        strong: <strong />,
      })}
    </>,
  );

describe('a text with markup', () => {
  it('puts the text between tags into their components, the rest as escaped text', () => {
    expect(
      draw('I agree to the <terms>Terms</terms> & the <privacy>Privacy Policy</privacy>'),
    ).toBe(
      'I agree to the <a href="#terms">Terms</a> &amp; the <a href="#privacy">Privacy Policy</a>',
    );
    // Right to left, the tags where the translation puts them.
    expect(draw('قرأت <terms>شروط الخدمة</terms> و<privacy>سياسة الخصوصية</privacy>')).toBe(
      'قرأت <a href="#terms">شروط الخدمة</a> و<a href="#privacy">سياسة الخصوصية</a>',
    );
  });

  it('nests tags, draws a standalone one, and shows unknown or unbalanced tags as text', () => {
    expect(draw('<terms>a <strong>b</strong></terms><br/>c')).toBe(
      '<a href="#terms">a <strong>b</strong></a><br/>c',
    );
    expect(draw('<unknown>kept</unknown>')).toBe('kept');
    expect(draw('open <terms>never closed')).toBe('open &lt;terms&gt;never closed');
    expect(draw('stray </terms> end')).toBe('stray &lt;/terms&gt; end');
  });
});
