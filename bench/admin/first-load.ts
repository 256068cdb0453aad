// The operator console's first load, from the build output (`npm run build` first):
// the JavaScript and CSS a browser fetches for the shell (index.html's entry and the
// modules it preloads), then for the sign-in page and for the dashboard (lazy chunks and
// what they import beyond the shell), as gzip and brotli bytes as the server sends them
// (the precompressed siblings) and raw. `npx tsx bench/admin/first-load.ts`
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../../apps/admin/dist/', import.meta.url));

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<
  string,
  Chunk
>;

/** The files a chunk needs: itself, its static imports (recursively) and their CSS. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

function size(file: string) {
  const path = `${dist}${file}`;
  const raw = statSync(path).size;
  const gz = existsSync(`${path}.gz`)
    ? statSync(`${path}.gz`).size
    : gzipSync(readFileSync(path)).length;
  const br = existsSync(`${path}.br`) ? statSync(`${path}.br`).size : gz;
  return { raw, gz, br };
}

function total(files: Iterable<string>, kind: RegExp) {
  const sum = { files: 0, raw: 0, gz: 0, br: 0 };
  for (const file of files) {
    if (!kind.test(file)) continue;
    const s = size(file);
    sum.files += 1;
    sum.raw += s.raw;
    sum.gz += s.gz;
    sum.br += s.br;
  }
  return sum;
}

const shell = closure('index.html');
const beyond = (key: string) =>
  [...closure(key)].filter((file) => !shell.has(file) && !file.endsWith('.css'));
const rows = {
  'shell JS': total(shell, /\.js$/),
  'shell CSS': total(shell, /\.css$/),
  '+ sign-in page JS': total(beyond('src/features/auth/login-page.tsx'), /\.js$/),
  '+ dashboard JS': total(beyond('src/features/dashboard/dashboard-page.tsx'), /\.js$/),
  'every chunk JS': total(
    Object.values(manifest).map((c) => c.file),
    /\.js$/,
  ),
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
for (const [name, t] of Object.entries(rows)) {
  console.warn(
    `${name.padEnd(20)} ${String(t.files).padStart(3)} files  gzip ${kb(t.gz).padStart(10)}  brotli ${kb(t.br).padStart(10)}  raw ${kb(t.raw).padStart(10)}`,
  );
}
