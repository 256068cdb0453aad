// antd-mobile's imperative overlays (Toast.show, Modal.show/alert/confirm), with the
// React 19 render hook they draw through: antd-mobile renders them into roots of their
// own, and React 19 removed the legacy render it would use otherwise. Kept out of the
// first load (issue 17): lib/messages.ts loads this after the first paint, and a screen
// that calls Toast or Modal itself imports them from here, never from antd-mobile, so the
// hook is always in place before the first overlay.
import { createRoot } from 'react-dom/client';
import { Modal, Toast, unstableSetRender } from 'antd-mobile';

unstableSetRender((node, container) => {
  const target = container as Element & { _olive_root?: ReturnType<typeof createRoot> };
  target._olive_root ??= createRoot(container);
  const root = target._olive_root;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete target._olive_root;
  };
});

export { Modal, Toast };
