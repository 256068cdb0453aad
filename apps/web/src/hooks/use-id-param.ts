// The `id` of the current route's search (`?id=123`), as the API takes it: a string, or ''
// when the link carries none or something that is not a plain value (the API then answers
// "not found" rather than the screen guessing).
import { useSearch } from '@tanstack/react-router';

export function useIdParam(): string {
  const search: { id?: unknown } = useSearch({ strict: false });
  return typeof search.id === 'string' || typeof search.id === 'number' ? String(search.id) : '';
}
