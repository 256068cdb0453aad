// Types of build-server.mjs for the TypeScript that imports it (apps/server/test/server-entry.ts).
/** The trees compiled, each `src/` into the `dist/` beside it, from the repository root. */
export const trees: readonly string[];
