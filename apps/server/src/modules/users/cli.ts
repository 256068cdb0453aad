// Operator commands for accounts. `user:create` applies the same rules as registration
// (account format, password strength, 6-digit fund password) without code or captcha.
import { required, UsageError, type Command } from '../../commands/command.ts';
import { AppError } from '../../errors.ts';
import { translate } from '../../i18n/index.ts';
import { normalizeAccount } from './account.ts';
import { checkFundPassword, checkPassword, createAccount } from './registration.service.ts';
import { userRepository } from './user.repository.ts';

export const userCommands: Record<string, Command> = {
  'user:create': {
    summary:
      'Create an investor account: --account <email|phone> --password <p> --fund-password <6 digits>',
    flags: ['account', 'password', 'fund-password', 'invite-code'],
    run: async ({ database, flags }) => {
      const parsed = normalizeAccount(required(flags, 'account'));
      try {
        if (!parsed) throw new AppError('auth.account_invalid');
        const password = required(flags, 'password');
        const fundPassword = required(flags, 'fund-password');
        checkPassword(password);
        checkFundPassword(fundPassword);
        const users = userRepository(database.db);
        const inviteCode = flags['invite-code']?.toUpperCase();
        const inviter = inviteCode ? await users.findByInviteCode(inviteCode) : null;
        if (inviteCode && !inviter) throw new AppError('auth.invite_unknown');
        const created = await createAccount(users, {
          account: parsed.account,
          kind: parsed.kind,
          password,
          fund_password: fundPassword,
          inviter_id: inviter?.id ?? null,
        });
        return { result: { user_id: created.id } };
      } catch (error) {
        if (error instanceof AppError)
          throw new UsageError(translate('en', error.key, error.params));
        throw error;
      }
    },
  },
};
