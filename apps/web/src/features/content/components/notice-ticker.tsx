// Home's ticker: the pinned notices scroll by; a tap opens the notice list. While the
// notices load, an empty bar of the same size holds its place, so the cards below do not
// jump down when it arrives (layout shift).
import { Fragment } from 'react';
import { NoticeBar } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import '../content.css';

export function NoticeTicker({
  notices,
  pending = false,
  onOpen,
}: {
  notices: { id: string; title: string }[];
  pending?: boolean;
  onOpen: () => void;
}) {
  if (pending) return <div className="notice-ticker notice-ticker--pending" aria-hidden="true" />;
  if (notices.length === 0) return null;
  return (
    // The ticker's line scrolls past its clipped box by design (layout check: clip-ok).
    <div className="notice-ticker" data-testid="notice-ticker" data-layout="clip-ok">
      <NoticeBar
        icon={<SoundOutline />}
        content={
          // Each title is isolated (<bdi>): an English title in the Arabic app keeps its
          // question mark at its end, not at the line's start.
          <span data-testid="notice-ticker-titles">
            {notices.map((n, i) => (
              <Fragment key={n.id}>
                {i > 0 ? '  ·  ' : null}
                <bdi>{n.title}</bdi>
              </Fragment>
            ))}
          </span>
        }
        color="default"
        speed={40}
        onClick={onOpen}
      />
    </div>
  );
}
