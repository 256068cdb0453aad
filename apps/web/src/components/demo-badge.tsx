// "Demo market data", on the markets and on mining's figures: shown wherever figures come
// from the built-in simulator (PRODUCT.md), so no simulated price or network figure passes
// for a real one. Each feature passes its own label; the badge knows nothing of markets or
// miners.
import './demo-badge.css';

/**
 * Until the figures answer (and in the first screen drawn into the page) the source is
 * unknown, and the badge holds its place unseen: where the title and the badge do not fit
 * one line (9 of 16 languages on Trade at 360 px), its arrival wrapped it below and moved
 * the whole screen down 26 px (a layout shift of 0.037). Any source but the simulator
 * (an exchange, mempool.space) gives the place back.
 */
export function DemoBadge({
  source,
  label,
  className,
}: {
  source: string | undefined;
  label: string;
  /** The feature's own class, for its own layout of the badge (and of its held place). */
  className?: string;
}) {
  if (source !== undefined && source !== 'simulated') return null;
  const classes = `badge badge--demo${className ? ` ${className}` : ''}`;
  if (source === undefined) {
    return (
      <span className={`${classes} badge--unseen`} aria-hidden="true">
        {label}
      </span>
    );
  }
  return (
    <span className={classes} data-testid="demo-badge">
      {label}
    </span>
  );
}
