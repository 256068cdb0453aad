// The name of a screen's signed-in drawing in index.html (decision 204): `home` → `home-in`.
// Imported by the build (first-screen-html.ts) and by the first-screen script alike, so it
// imports nothing.
export const signedInDrawing = (name: string) => `${name}-in`;
