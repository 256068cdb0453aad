// An address or hash in full, monospaced and left to right, with a Copy chip.
import { useTranslation } from '../../../lib/i18n.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { toastFailure, toastSuccess } from '../../../lib/messages.ts';
import '../wallet.css';

export function CopyAddress({ address, testId }: { address: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(address)) toastSuccess(t('common.copied'));
    else toastFailure(t('common.copyFailed'));
  };
  return (
    <div className="address-box">
      <code dir="ltr" data-testid={testId}>
        {address}
      </code>
      <button
        type="button"
        className="chip-button"
        onClick={() => void copy()}
        data-testid={testId ? `${testId}-copy` : undefined}
      >
        {t('common.copy')}
      </button>
    </div>
  );
}
