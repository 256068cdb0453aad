// Security headers for the API and the single-page apps served beside it.
// The pages' CSP allows antd-mobile's inline styles and data: images (captcha, QR codes);
// the API's replies get a shorter set (API_HEADERS below).
//
// helmet decides these headers from its options alone (no nonces, nothing per request),
// so they are worked out once at start-up and copied onto every reply. Running helmet's
// middleware on each request cost about 12% of a cached call's CPU time (profile in
// docs/benchmarks.md).
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const optionsWith = (connectSrc: string[], scriptHashes: string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Our own files, and the scripts written into the pages, each by its hash.
      scriptSrc: ["'self'", ...scriptHashes],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // Besides our own origin, the chain nodes the app reads reserves anchors from.
      connectSrc: ["'self'", ...connectSrc],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** The headers helmet sets with these options, and those it removes. */
function securityHeaders(options: HelmetOptions) {
  const set: Record<string, string> = {};
  const removed: string[] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => removed.push(name.toLowerCase()),
  };
  let called = false;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    called = true;
  });
  // helmet is synchronous; if a future version is not, fail at start-up, not silently.
  if (!called) throw new Error('helmet did not finish synchronously');
  return { set, removed };
}

/**
 * A JSON reply is never a document: it gets the headers that matter to a fetched resource
 * (OWASP's REST cheat sheet), with a CSP that forbids everything, and not those only a
 * page uses (COOP, Origin-Agent-Cluster, DNS prefetch, IE's and Flash's). Half the headers,
 * each written on every call.
 */
const API_HEADERS = [
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

/**
 * A hashed script, stylesheet or image of a built app is never a document either, and a
 * page loads dozens of them: helmet's page set was two thirds of the bytes of a small one
 * (1,069 header bytes for a 207-byte script, docs/benchmarks.md). It keeps the two headers
 * that protect a subresource itself: no content sniffing, and no reading it cross-origin.
 * A document's policy (CSP, framing, referrer) governs what it loads; sw.js and the
 * workbox script it imports are not under /assets/ and keep the page set.
 */
const ASSET_HEADERS = ['cross-origin-resource-policy', 'x-content-type-options'];
// A worker's script is the exception: a dedicated worker runs under the policy its own
// script arrives with, so the reserves check worker gets the page set (its connect-src).
const ASSETS = /^\/(admin\/)?assets\/(?![^?]*\.worker-)/;

function pick(set: Record<string, string>, names: string[]) {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = set[name];
    if (value === undefined) throw new Error(`helmet no longer sets ${name}`);
    picked[name] = value;
  }
  return picked;
}

/**
 * `connectSrc`: origins (scheme://host:port) the pages may fetch from besides their own;
 * `scriptHashes`: CSP sources (`'sha256-...'`) of the scripts written into the pages.
 */
export default fp<{ connectSrc?: string[]; scriptHashes?: string[] }>(
  async (app, { connectSrc = [], scriptHashes = [] }) => {
    const { set, removed } = securityHeaders(optionsWith(connectSrc, scriptHashes));
    const api = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      ...pick(set, API_HEADERS),
    };
    const asset = pick(set, ASSET_HEADERS);
    app.addHook('onRequest', (request, reply, done) => {
      const { url } = request;
      reply.headers(url.startsWith('/api/') ? api : ASSETS.test(url) ? asset : set);
      for (const name of removed) reply.raw.removeHeader(name);
      done();
    });
  },
);
