// Stands in for libraries @refinedev/antd and @refinedev/core import at module level for
// features the console does not use (MarkdownField: react-markdown, remark-gfm; CSV import
// and export: papaparse). They do not tree-shake, and cost ~70 KB gzipped on the first
// load; vite.config.ts aliases them here. Using one of those features fails loudly.
function unused(): never {
  throw new Error('not bundled in the operator console (apps/admin/src/lib/unused.ts)');
}

export default unused;
export const parse = unused;
export const unparse = unused;
