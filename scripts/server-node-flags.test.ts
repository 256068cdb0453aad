// The systemd units start the server as `npm start` does: with the Node.js options every
// server process runs with (decision 207). They cannot import the list, so they repeat it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './server-node-flags.mjs';

const units = new URL('../deploy/systemd/', import.meta.url);

describe('the server’s Node.js options', () => {
  it('are on the command line of every systemd unit that runs the server', () => {
    const servers = readdirSync(units)
      .filter((name) => name.endsWith('.service'))
      .map((name) => ({ name, text: readFileSync(new URL(name, units), 'utf8') }))
      .filter(({ text }) => text.includes('dist/main.js'));
    expect(servers.map((s) => s.name).sort()).toEqual([
      'olive-api@.service',
      'olive-chain.service',
      'olive-worker@.service',
    ]);
    for (const { name, text } of servers) {
      const line = text.split('\n').find((l) => l.startsWith('ExecStart='))!;
      const args = line.slice('ExecStart='.length).split(/\s+/);
      expect(args.slice(1, 1 + serverNodeFlags.length), name).toEqual([...serverNodeFlags]);
    }
  });
});
