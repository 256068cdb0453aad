// Operator commands for proof of reserves: take a snapshot now (the worker takes one every
// day). The chains are the server's: the running devchain's deployment in the demo, the
// configured nodes otherwise; an unreachable chain leaves reserves null and raises the alarm.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readDeployment } from '@olive/devchain';
import type { Command } from '../../commands/command.ts';
import { usesDevchain, type Config } from '../../config.ts';
import { configuredChains } from '../wallet/chain-environment.ts';
import { devchainEnvironment } from '../wallet/devchain.ts';
import { reservesModule } from './module.ts';

function chainEnvironment(config: Config) {
  if (!usesDevchain(config)) return configuredChains(config);
  const file = resolve(config.PG_DATA_DIR, '..', 'devchain', 'deployment.json');
  return existsSync(file) ? devchainEnvironment(readDeployment(file)) : null;
}

const stderrLog = {
  warn: (o: object, m: string) => process.stderr.write(`warning: ${m} ${JSON.stringify(o)}\n`),
  error: (o: object, m: string) => process.stderr.write(`ALARM: ${m} ${JSON.stringify(o)}\n`),
};

export const reservesCommands: Record<string, Command> = {
  'reserves:snapshot': {
    summary:
      'Proof of reserves now: cut liabilities, publish the Merkle-sum tree, read reserves, anchor the root',
    flags: [],
    run: async ({ database, config }) => {
      const { reserves } = reservesModule({
        db: database.db,
        config,
        chain: chainEnvironment(config),
        log: stderrLog,
      });
      const result = await reserves.takeSnapshot();
      return { result, exitCode: result.alarm ? 3 : 0 };
    },
  },
};
