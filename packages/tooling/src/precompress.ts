// Build step: brotli (.br) and gzip (.gz) siblings of every compressible file of the built
// app, so the server sends them as they are (@fastify/static `preCompressed`) instead of
// compressing each response or sending ~620 KB of uncompressed script. A file whose
// compressed form is not smaller gets no sibling.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes .br and .gz beside each compressible file under `dir`; returns the totals. */
export function precompress(dir: string): { files: number; raw: number; br: number; gz: number } {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const raw = readFileSync(path);
    if (raw.length < 256) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    totals.files += 1;
    totals.raw += raw.length;
    if (br.length < raw.length) {
      writeFileSync(`${path}.br`, br);
      totals.br += br.length;
    }
    if (gz.length < raw.length) {
      writeFileSync(`${path}.gz`, gz);
      totals.gz += gz.length;
    }
  }
  return totals;
}

/** Vite plugin: precompresses the output directory once everything is written. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'olive-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const t = precompress(outDir);
        const kb = (n: number) => `${Math.round(n / 1024)} KiB`;
        this.info?.(
          `precompressed ${t.files} files: ${kb(t.raw)} -> brotli ${kb(t.br)}, gzip ${kb(t.gz)}`,
        );
      },
    },
  };
}
