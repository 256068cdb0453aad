// What the build, the first-screen script and the app's entry share about the screens drawn
// into index.html (decisions 135, 204, 205). The first-screen script imports this, so it
// imports nothing.

/** The name of a screen's signed-in drawing: `home` → `home-in`. */
export const signedInDrawing = (name: string) => `${name}-in`;

/** The app's path in a hash-history address (`#/pages/index/index?id=1` → the path). */
export function pathOf(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

/**
 * What a drawing was chosen for: the address's path and the session. The first-screen
 * script writes it on <html> (`data-first-screen-for`) with the drawing it shows; the app
 * hydrates that drawing only while the address and the session are still the same.
 */
export const drawnFor = (path: string, signedIn: boolean) => `${path} ${signedIn ? 'in' : 'out'}`;
