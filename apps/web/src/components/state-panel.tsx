// A centred illustration, title, text and actions: empty lists, coming-soon screens,
// errors. One look for every "nothing to show here" moment.
import type { ReactNode } from 'react';
import './state-panel.css';

export function StatePanel({
  icon,
  title,
  body,
  badge,
  children,
  testId,
}: {
  icon: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  badge?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section className="state-panel" data-testid={testId}>
      <div className="state-panel__halo">
        <div className="state-panel__icon">{icon}</div>
      </div>
      {badge ? <span className="badge badge--olive">{badge}</span> : null}
      <h2 className="state-panel__title">{title}</h2>
      {body ? <p className="state-panel__body">{body}</p> : null}
      {children ? <div className="state-panel__actions">{children}</div> : null}
    </section>
  );
}
