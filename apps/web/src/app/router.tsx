// The app's router: the route tree (route-tree.tsx) on the hash history, as the spec's
// addresses (`/#/pages/...`) are.
import { createHashHistory, createRouter } from '@tanstack/react-router';
import { paths } from '../config/paths.ts';
import { setLoginRedirect } from '../lib/api.ts';
import { routerOptions } from './route-tree.tsx';

export const router = createRouter({ ...routerOptions, history: createHashHistory() });

setLoginRedirect(() => void router.navigate({ to: paths.login }));
