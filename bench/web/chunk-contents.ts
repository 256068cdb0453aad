// What a built chunk is made of: its minified bytes attributed to the package (or our own
// file) each came from, through the build's source map, with an estimate of each part's
// brotli size (the part's bytes compressed alone: a little more than its share of the whole
// chunk's brotli, which is printed too). Build with maps into a folder of their own first,
// so the served dist keeps none:
//   (cd apps/web && npx vite build --sourcemap --outDir /tmp/web-maps --emptyOutDir)
//   npx tsx bench/web/chunk-contents.ts /tmp/web-maps vendor [--top=40]
// (the precompress step fails on an outside folder after the chunks and maps are written.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const [dir, prefix = 'vendor'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!dir) throw new Error('usage: chunk-contents.ts <dist with maps> [chunk name prefix]');
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.split('=')[1] ?? '40');
const brotli = (text: string) =>
  brotliCompressSync(Buffer.from(text), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

/** The package a source path belongs to, or our file's path from the repository's root. */
function owner(source: string) {
  const inModules = source.split('node_modules/').pop()!;
  if (inModules === source) return source.replace(/^.*?\/?(?=(apps|packages)\/)|^(\.\.\/)+/, '');
  const parts = inModules.split('/');
  const name = parts.slice(0, parts[0]!.startsWith('@') ? 2 : 1).join('/');
  // antd-mobile per component: which of its parts the first load pays for.
  if (name === 'antd-mobile' && parts[1] === 'es') return `antd-mobile/${parts[2]}/${parts[3]}`;
  return name;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const assets = join(dir, 'assets');
const files = readdirSync(assets).filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
for (const file of files) {
  const code = readFileSync(join(assets, file), 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')));
  const lines = code.split('\n');
  const parts = new Map<string, string[]>();
  // Each mapping covers its generated column up to the next mapping on the same line.
  let previous: { line: number; column: number; source: string } | null = null;
  const take = (until: { line: number; column: number } | null) => {
    if (!previous) return;
    const text =
      until && until.line === previous.line
        ? lines[previous.line - 1]!.slice(previous.column, until.column)
        : lines[previous.line - 1]!.slice(previous.column);
    const list = parts.get(previous.source) ?? [];
    list.push(text);
    parts.set(previous.source, list);
  };
  map.eachMapping((m) => {
    const at = { line: m.generatedLine, column: m.generatedColumn };
    take(at);
    previous = { ...at, source: m.source ? owner(m.source) : '(no source)' };
  });
  take(null);
  const rows = [...parts].map(([name, texts]) => {
    const text = texts.join('');
    return { name, raw: text.length, br: brotli(text) };
  });
  rows.sort((a, b) => b.br - a.br);
  const kb = (n: number) => (n / 1000).toFixed(1).padStart(7);
  say(`${file}: ${kb(code.length)} KB raw, ${kb(brotli(code))} KB brotli (whole chunk)`);
  say('   raw KB  brotli KB (alone)  package or file');
  for (const row of rows.slice(0, top)) say(`${kb(row.raw)}  ${kb(row.br)}  ${row.name}`);
  const rest = rows.slice(top);
  if (rest.length > 0) {
    say(
      `${kb(rest.reduce((s, r) => s + r.raw, 0))}  ${kb(rest.reduce((s, r) => s + r.br, 0))}  ${rest.length} more`,
    );
  }
}
