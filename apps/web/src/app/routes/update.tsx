// pages/public/update: the app update check (spec section 4, Update flow), where `/` sends
// the investor when a release is waiting (decision 202; otherwise `/` is Home).
import { lazy, Suspense } from 'react';
import { UpdateProgress } from '../../features/update/components/update-progress.tsx';
import { useUpdateFlow } from '../../features/update/hooks/use-update-flow.ts';
import '../../features/update/update.css';

// Fetched only when a release is waiting (see update-dialog.tsx).
const UpdateDialog = lazy(() => import('../../features/update/components/update-dialog.tsx'));

export default function UpdateScreen() {
  const flow = useUpdateFlow();
  return (
    <div className="screen screen--update">
      <UpdateProgress state={flow.state} />
      {flow.state === 'available' ? (
        <Suspense fallback={null}>
          <UpdateDialog flow={flow} />
        </Suspense>
      ) : null}
    </div>
  );
}
