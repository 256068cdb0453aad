// Every screen is its own chunk: the first load carries the shell and the sign-in page only.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Spin } from 'antd';

export function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** A lazily loaded named export. */
export function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
