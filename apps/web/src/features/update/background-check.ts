// `/`, the address investors open, is Home with the update check behind it (issue 33,
// decision 202): the check no longer stands between them and Home. It sends the investor
// to the update screen (spec section 4's flow, which takes this check's reply and shows
// the dialog or installs) only when a release is waiting, or when the app has just
// reloaded to apply one (to show "install completed"). A failed check says so, as the
// update screen does.
import { ReplyCode } from '@olive/protocol/envelope';
import { i18n } from '../../lib/i18n.ts';
import { wasOffline } from '../../lib/api.ts';
import { toastFailure } from '../../lib/messages.ts';
import { checkUpdate, handOverCheck } from './api/check-update.ts';
import { readProgress, UPDATE_QUIT_MS } from './progress.ts';

export async function checkBehindHome(showUpdate: () => void): Promise<void> {
  if (readProgress() !== null) {
    showUpdate();
    return;
  }
  const reply = await checkUpdate();
  if (reply.code !== ReplyCode.Ok || !reply.data) {
    // Offline, the API client has already said so.
    if (!wasOffline(reply)) toastFailure(i18n.t('update.error'), UPDATE_QUIT_MS);
    return;
  }
  if (reply.data.type === '') return;
  handOverCheck(reply);
  showUpdate();
}
