// Invite Friends: the code and the link with Copy, a QR code of the link, and a poster
// (code, link and QR drawn on a canvas) the user can save as an image.
import { Button } from 'antd-mobile';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { toastFailure, toastSuccess } from '../../../lib/messages.ts';
import type { Share } from '../api/team.ts';
import '../team.css';

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(value)) toastSuccess(t('common.copied'));
    else toastFailure(t('common.copyFailed'));
  };
  return (
    <div className="invite-row">
      <div className="invite-row__label">{label}</div>
      <div className="invite-row__value">
        <code dir="ltr" data-testid={testId}>
          {value}
        </code>
        <button
          type="button"
          className="chip-button"
          onClick={() => void copy()}
          data-testid={`${testId}-copy`}
        >
          {t('common.copy')}
        </button>
      </div>
    </div>
  );
}

export function InviteCard({ share }: { share: Share }) {
  const { t } = useTranslation();
  const qr = useRef<HTMLCanvasElement>(null);

  // Said either way (issue 34): a download alone gives no sign on a phone.
  const savePoster = () => {
    const file = `olive-invite-${share.invite_code}.png`;
    try {
      drawAndDownload(file);
      // The name isolated (FSI…PDI): in Arabic its dots and dashes stay in place.
      toastSuccess(t('team.posterSaved', { file: `\u2068${file}\u2069` }));
    } catch {
      toastFailure(t('team.posterFailed'));
    }
  };

  const drawAndDownload = (file: string) => {
    const canvas = document.createElement('canvas');
    canvas.width = 720;
    canvas.height = 1080;
    const g = canvas.getContext('2d');
    if (!g || !qr.current) throw new Error('no canvas');
    g.fillStyle = '#16180c';
    g.fillRect(0, 0, 720, 1080);
    g.fillStyle = '#c8d96f';
    g.textAlign = 'center';
    g.font = 'bold 56px sans-serif';
    g.fillText('Olive', 360, 140);
    g.fillStyle = '#f4f4e4';
    g.font = '32px sans-serif';
    g.fillText(t('team.posterLine'), 360, 210);
    g.fillStyle = '#f4f4e4';
    g.fillRect(180, 280, 360, 360);
    g.drawImage(qr.current, 200, 300, 320, 320);
    g.fillStyle = '#c8d96f';
    g.font = 'bold 44px monospace';
    g.fillText(share.invite_code, 360, 740);
    g.fillStyle = '#f4f4e4';
    g.font = '20px monospace';
    g.fillText(share.invite_url.slice(0, 60), 360, 800);
    const link = document.createElement('a');
    link.download = file;
    link.href = canvas.toDataURL('image/png');
    link.click();
  };

  return (
    <section className="card invite-card" data-testid="invite-card">
      <div className="invite-card__qr">
        <QRCodeCanvas
          ref={qr}
          role="img"
          aria-label={t('team.qrLabel')}
          value={share.invite_url}
          size={176}
          marginSize={2}
          level="M"
          bgColor="#f4f4e4"
          fgColor="#16180c"
        />
      </div>
      <CopyRow label={t('team.inviteCode')} value={share.invite_code} testId="invite-code" />
      <CopyRow label={t('team.inviteLink')} value={share.invite_url} testId="invite-link" />
      <Button
        block
        shape="rounded"
        color="primary"
        onClick={savePoster}
        data-testid="invite-poster"
      >
        {t('team.savePoster')}
      </Button>
      <p className="notice-line">{t('team.inviteHint')}</p>
    </section>
  );
}
