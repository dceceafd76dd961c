/**
 * Which faces a table display draws its tiles with: `traditional` (lib/TraditionalFace.svelte: sticks,
 * circles, the crak character, drawn dragons, winds, flowers and jokers) or `plain` (the number,
 * the suit's symbol and its word). Chosen per display, in this order: the page's `?faces=` URL
 * parameter, the display's own toggle (remembered in this browser's localStorage under
 * FACE_STYLE_KEY), the table config's `tileFaces` (the view's `tileFaces`), else traditional.
 * Pure but for the context helpers, which Svelte components call while they are created; the pages
 * make the choice through lib/FacesToggle.svelte (`pageFaces`), its one place.
 */
import { getContext, setContext } from 'svelte';
import { FACE_STYLES, type FaceStyle } from '../../../hub/contract/views.js';

export { FACE_STYLES, type FaceStyle };

/** the style with nothing chosen anywhere */
export const DEFAULT_FACE_STYLE: FaceStyle = 'traditional';
/** the localStorage key of the display's own toggle */
export const FACE_STYLE_KEY = 'mjhub.tileFaces';
/** the URL parameter: `/table/t1?faces=plain` */
export const FACE_STYLE_PARAM = 'faces';

/** A face style written as text (`"plain"`, `"traditional"`), or null for anything else (absent, mistyped). */
export function parseFaceStyle(text: string | null | undefined): FaceStyle | null {
  return (FACE_STYLES as readonly string[]).includes(text ?? '') ? (text as FaceStyle) : null;
}

/** Where a display's face style can come from, first to last. */
export interface FaceStyleSources {
  /** the page's `?faces=` parameter, as written (null when absent) */
  query: string | null;
  /** the display's own toggle from localStorage, as stored (null when never toggled) */
  stored: string | null;
  /** the table config's `tileFaces` (in the table's view), if any */
  tableDefault?: FaceStyle | undefined;
}

/** The face style a display draws: the first of query, stored, table default that names a style, else DEFAULT_FACE_STYLE. */
export function chooseFaceStyle(s: FaceStyleSources): FaceStyle {
  return parseFaceStyle(s.query) ?? parseFaceStyle(s.stored) ?? s.tableDefault ?? DEFAULT_FACE_STYLE;
}

const CONTEXT = Symbol('tile-face-style');

/** Called by a page while it is created: every Tile inside it draws the style `style()` returns (read on each draw, so it may change). */
export function provideFaceStyle(style: () => FaceStyle): void {
  setContext(CONTEXT, style);
}

/** Called by a Tile while it is created: the style its page provides, or null (a page that chose none draws plain faces). */
export function providedFaceStyle(): (() => FaceStyle) | null {
  return getContext<(() => FaceStyle) | undefined>(CONTEXT) ?? null;
}
