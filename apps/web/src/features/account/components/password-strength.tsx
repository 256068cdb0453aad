// A strength hint under new passwords. The server refuses passwords under 8 characters and
// common ones; this only nudges towards length and variety, it does not decide.
import { useTranslation } from '../../../lib/i18n.ts';
import '../auth.css';

export type Strength = 0 | 1 | 2 | 3;

/** 0 = empty, 1 = weak (under 8 or one kind of character), 2 = fair, 3 = strong. */
export function passwordStrength(password: string): Strength {
  if (!password) return 0;
  if (password.length < 8) return 1;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (kinds >= 3 && password.length >= 10) return 3;
  if (kinds >= 2) return 2;
  return 1;
}

const labels = ['', 'auth.strengthWeak', 'auth.strengthFair', 'auth.strengthStrong'] as const;

export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  return (
    <div className={`strength strength--${strength}`} data-testid="password-strength">
      <div className="strength__bars" aria-hidden="true">
        {[1, 2, 3].map((level) => (
          <span key={level} className={level <= strength ? 'strength__bar--on' : undefined} />
        ))}
      </div>
      <span className="strength__text">
        {strength ? t(labels[strength]) : t('auth.passwordHint')}
      </span>
    </div>
  );
}
