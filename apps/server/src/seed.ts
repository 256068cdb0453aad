// Demo content and defaults for a fresh database, one seed per module, called from the top
// (the database layer never imports a module: decision 178). Seeding only fills what is
// absent, so it never overwrites what an operator changed and is safe on every start.
import type { Db } from './db/database.ts';
import { seedContent } from './modules/content/seed.ts';
import { seedSupport } from './modules/support/seed.ts';
import { seedWallet } from './modules/wallet/seed.ts';

export async function seed(db: Db): Promise<void> {
  await seedSupport(db);
  await seedWallet(db);
  await seedContent(db);
}
