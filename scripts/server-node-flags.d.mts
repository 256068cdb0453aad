// Types of server-node-flags.mjs for the TypeScript that imports it.
/** Node.js options every server process runs with (decision 207). */
export const serverNodeFlags: readonly string[];
