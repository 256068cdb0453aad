// The wallet's defaults on a fresh database: each network's fees and limits, and the
// amount up to which withdrawals are approved without review. Fills only what is absent.
import type { Db } from '../../db/database.ts';
import { settingsRepository } from '../../db/settings.repository.ts';
import { depositRepository } from './deposit.repository.ts';
import { AUTO_APPROVE_KEY, DEFAULT_AUTO_APPROVE_MAX } from './withdrawal.service.ts';

export async function seedWallet(db: Db): Promise<void> {
  await settingsRepository(db).putDefault(AUTO_APPROVE_KEY, DEFAULT_AUTO_APPROVE_MAX);
  await depositRepository(db).seedNetworkSettings();
}
