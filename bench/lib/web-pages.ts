// The investor app's first-load pages the web benchmarks measure (issue 33): the entry `/`
// (Home, decision 202), Home and Trade signed out, then signed in.
export const FIRST_LOAD_PAGES = [
  { name: 'entry', path: '/', signedIn: false },
  { name: 'home', path: '/#/pages/index/index', signedIn: false },
  { name: 'trade', path: '/#/pages/quantification/quantification', signedIn: false },
  { name: 'home-signed-in', path: '/#/pages/index/index', signedIn: true },
  { name: 'trade-signed-in', path: '/#/pages/quantification/quantification', signedIn: true },
] as const;

/** The pages `--pages=<name>,...` names among a benchmark's arguments, or all of them. */
export function pagesFrom(args: string[]) {
  const only = args
    .find((a) => a.startsWith('--pages='))
    ?.slice(8)
    .split(',');
  return FIRST_LOAD_PAGES.filter((p) => !only || only.includes(p.name));
}
