// Entry of the search worker thread (search-runner.ts): plain JavaScript, so Node loads it
// without help; it registers tsx's loader, then runs the TypeScript worker module.
import { register } from 'tsx/esm/api';

register();
await import('./search.worker.ts');
