// Verification codes: /api/user/emailcode and /api/user/getphonecode (image code first),
// and the fund-password code a signed-in investor asks for (sent to their own account).
import { useMutation } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';

export type CodeScene = 'register' | 'reset_password' | 'fund_password';
export type AccountKind = 'email' | 'phone';

export interface SendCodeInput {
  kind: AccountKind;
  account: string;
  captcha_id: string;
  captcha: string;
  scene: Exclude<CodeScene, 'fund_password'>;
}

/** A registration code's answer carries the proof of the solved picture (issue 18). */
export interface CodeSent {
  sent_to?: string;
  captcha_proof?: string;
}

export const sendCode = ({ kind, account, ...rest }: SendCodeInput) =>
  kind === 'email'
    ? callOk<CodeSent>('/api/user/emailcode', { email: account, ...rest })
    : callOk<CodeSent>('/api/user/getphonecode', { phone: account, ...rest });

export const sendFundPasswordCode = () =>
  callOk<{ sent_to?: string }>('/api/user/emailcode', { scene: 'fund_password' });

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}

export function useSendFundPasswordCode() {
  return useMutation({ mutationFn: sendFundPasswordCode });
}
