import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths.ts';
import { pathOf } from './drawings.ts';
import { drawnScreen, filesFor, type FirstScreenFiles } from './first-screen.ts';
import { screens } from './screens.ts';

const data: FirstScreenFiles = {
  files: [
    '/assets/home.js',
    '/assets/section.js',
    '/assets/team.js',
    '/assets/en.js',
    '/assets/ar.js',
    '/assets/home.css',
  ],
  screens: {
    [paths.home]: { files: [0, 1, 5] },
    [paths.team]: { files: [2, 1], signedIn: true },
  },
  languages: { en: [3], ar: [4] },
  drawn: { [paths.home]: 'home' },
  app: { entry: '/assets/index.js', files: ['/assets/vendor.js', '/assets/index.js'] },
};

describe('the first-screen preload', () => {
  it('reads the path from a hash-history address', () => {
    expect(pathOf('#/pages/index/index')).toBe('/pages/index/index');
    expect(pathOf('#/pages/public/article?id=12')).toBe('/pages/public/article');
    expect(pathOf('')).toBe('/');
    expect(pathOf('#')).toBe('/');
  });

  it("fetches the screen's files and the language's catalogue, English as the fallback", () => {
    expect(filesFor(data, paths.home, 'en', false)).toEqual([
      '/assets/home.js',
      '/assets/section.js',
      '/assets/home.css',
      '/assets/en.js',
    ]);
    expect(filesFor(data, paths.home, 'ar', false)).toEqual([
      '/assets/home.js',
      '/assets/section.js',
      '/assets/home.css',
      '/assets/ar.js',
      '/assets/en.js',
    ]);
  });

  it('fetches a signed-in screen only for a signed-in investor (a visitor goes to login)', () => {
    expect(filesFor(data, paths.team, 'en', true)).toEqual([
      '/assets/team.js',
      '/assets/section.js',
      '/assets/en.js',
    ]);
    expect(filesFor(data, paths.team, 'en', false)).toEqual(['/assets/en.js']);
  });

  it('fetches only the language for an address that is no screen', () => {
    expect(filesFor(data, '/no/such/page', 'en', true)).toEqual(['/assets/en.js']);
  });

  it("shows the drawn screen only to a visitor of the page's language", () => {
    expect(drawnScreen(data, paths.home, 'en', 'en', false)).toBe('home');
    // Signed in: the screen's signed-in drawing (its own figures pending), never the
    // visitor's (a login button, no totals).
    expect(drawnScreen(data, paths.home, 'en', 'en', true)).toBe('home-in');
    expect(drawnScreen(data, paths.home, 'ar', 'en', true)).toBeUndefined();
    // An Arabic reader sent the English page (a cached page, or no cookie yet).
    expect(drawnScreen(data, paths.home, 'ar', 'en', false)).toBeUndefined();
    expect(drawnScreen(data, paths.home, 'en', undefined, false)).toBeUndefined();
    // A screen not drawn into the page: the splash.
    expect(drawnScreen(data, paths.team, 'en', 'en', false)).toBeUndefined();
    expect(drawnScreen(data, paths.root, 'en', 'en', false)).toBeUndefined();
  });

  it('knows every screen the router shows, each path once', () => {
    const declared = screens.map((screen) => screen.path);
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared).toEqual(
      expect.arrayContaining([
        paths.root,
        ...Object.values(paths).filter((p) => p.startsWith('/pages/') && p !== paths.emailCheck),
      ]),
    );
  });
});
