// Draws the app icons (PWA manifest, apple-touch-icon) as PNGs with Node's zlib only,
// so no image tooling is needed. Run once: `node apps/web/scripts/make-icons.mjs`.
import { deflateSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = (name) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** size px; maskable icons keep the mark inside the 80% safe zone and fill the corners. */
function draw(size, { maskable = false } = {}) {
  const rows = [];
  const c = size / 2;
  const radius = maskable ? size : size * 0.22; // corner radius of the tile
  const scale = maskable ? 0.78 : 1;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      // rounded-square tile with an olive-to-black diagonal gradient
      const dx = Math.max(Math.abs(px - c) - (c - radius), 0);
      const dy = Math.max(Math.abs(py - c) - (c - radius), 0);
      const inTile = maskable || Math.hypot(dx, dy) <= radius;
      const t = (px + py) / (2 * size);
      let r = 38 - 24 * t;
      let g = 40 - 24 * t;
      let b = 12 - 6 * t;
      let a = inTile ? 255 : 0;
      // the mark: an olive ring with a leaf crossing it
      const nx = (px - c) / (c * scale);
      const ny = (py - c) / (c * scale);
      const d = Math.hypot(nx, ny);
      const ring = d > 0.5 && d < 0.68;
      // leaf: intersection of two circles, rotated 45 degrees
      const lx = (nx - ny) / Math.SQRT2;
      const ly = (nx + ny) / Math.SQRT2;
      const leaf = Math.hypot(lx, ly - 0.22) < 0.34 && Math.hypot(lx, ly + 0.22) < 0.34;
      if (inTile && (ring || leaf)) {
        const shade = leaf ? 1 : 0.85 + 0.15 * (1 - t);
        r = 128 + 60 * shade - 30;
        g = 128 + 60 * shade - 30;
        b = 0 + 20 * shade;
        if (leaf) [r, g, b] = [196, 196, 60];
        a = 255;
      }
      row[1 + x * 4] = Math.round(r);
      row[2 + x * 4] = Math.round(g);
      row[3 + x * 4] = Math.round(b);
      row[4 + x * 4] = a;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync(out('pwa-192x192.png'), draw(192));
writeFileSync(out('pwa-512x512.png'), draw(512));
writeFileSync(out('maskable-512x512.png'), draw(512, { maskable: true }));
writeFileSync(out('apple-touch-icon.png'), draw(180, { maskable: true }));
