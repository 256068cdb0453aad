// The inclusion check off the main thread: hashing every level of the tree and reading the
// anchor from the chain never holds up the screen the investor is using. One message in
// (what check.ts needs), one out (its result).
import { checkInclusion } from './check.ts';

type Input = Parameters<typeof checkInclusion>[0];

self.onmessage = (event: MessageEvent<Input>) => {
  checkInclusion(event.data).then(
    (result) => self.postMessage({ result }),
    (error: unknown) => self.postMessage({ error: String(error) }),
  );
};
