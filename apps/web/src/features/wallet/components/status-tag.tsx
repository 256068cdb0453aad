// A state in a record list: olive while moving, green when done, amber when it needs a
// look, red when it did not happen.
export type StatusTone = 'olive' | 'up' | 'warn' | 'down' | 'muted';

export function StatusTag({ tone, children }: { tone: StatusTone; children: string }) {
  return (
    <span className={`status-tag status-tag--${tone}`} data-testid="status-tag">
      {children}
    </span>
  );
}
