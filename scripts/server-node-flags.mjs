// Node.js options every server process runs with, wherever it is started: `npm start`
// (start-server.mjs), the benchmarks (bench/lib/olive.ts), the tests' server processes
// (apps/server/test/server-entry.ts) and the cluster drill. The systemd units in
// deploy/systemd/ write the same on their ExecStart lines (a test compares them).
//
// A young generation of 64 MB a half (V8's default is 16 MB on this machine): a crowd's
// calls allocate their replies quickly, and with the smaller one V8 collected it more often
// and promoted more of those short-lived replies to the old generation. Measured on
// quaninfo with 20,000 running robots, two API processes side by side in one run: 85-108 µs
// of CPU per answer with it against 94-120 µs without, lower in each of five pairs
// (docs/decisions/207-young-generation-64mb.md).
export const serverNodeFlags = ['--max-semi-space-size=64'];
