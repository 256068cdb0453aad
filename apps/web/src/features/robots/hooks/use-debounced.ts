// A value that follows its source only once typing pauses, so the estimate is asked for
// once per pause and not once per key.
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, delayMs = 350): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
