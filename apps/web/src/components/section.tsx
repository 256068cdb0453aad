// A titled block of a screen, with an optional badge or link beside the title.
import type { ReactNode } from 'react';
import './section.css';

export function Section({
  title,
  extra,
  children,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="section" data-testid={testId}>
      <div className="section__head">
        <h2 className="section__title">{title}</h2>
        {extra ? <div className="section__extra">{extra}</div> : null}
      </div>
      {children}
    </section>
  );
}
