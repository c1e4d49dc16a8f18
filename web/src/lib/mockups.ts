/**
 * The geometry of mockups, as the server renders them (jobs/src/mockups.rs): a blank photo of a
 * template has a print area in the photo's own pixels; a design is scaled to fit inside it with
 * its aspect ratio kept and centred there. Pure functions, so the template form and the preview
 * draw exactly what the server will.
 */

export interface Size {
  width: number;
  height: number;
}

/** A rectangle in a photo's pixels, origin top left. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type AreaField = keyof Area;

/** The smallest and largest blank photo the server takes, on each side (domain::mockups). */
export const MIN_PHOTO_SIDE = 300;
export const MAX_PHOTO_SIDE = 8000;
/** The most blank photos a template holds: a marketplace shows at most 9 images. */
export const MAX_BLANKS = 9;

/** Where a design of `design` size lands in `area`: the largest fit, centred (the server's `fit`). */
export function fitDesign(design: Size, area: Area): Area {
  const dw = Math.max(1, design.width);
  const dh = Math.max(1, design.height);
  const scale = Math.min(area.width / dw, area.height / dh);
  const width = Math.min(Math.max(1, Math.round(dw * scale)), Math.max(1, area.width));
  const height = Math.min(Math.max(1, Math.round(dh * scale)), Math.max(1, area.height));
  return {
    x: area.x + Math.floor((area.width - width) / 2),
    y: area.y + Math.floor((area.height - height) / 2),
    width,
    height,
  };
}

/** A first print area for a new photo: the middle half across, 60 % down from a fifth. */
export function defaultArea(photo: Size): Area {
  const width = Math.round(photo.width / 2);
  const height = Math.round(photo.height * 0.6);
  return { x: Math.round((photo.width - width) / 2), y: Math.round(photo.height / 5), width, height };
}

/**
 * What is wrong with an area on a photo, by field, in the words the server uses; empty when it
 * lies inside the photo. The field named is the one to change (as the API names it).
 */
export function areaProblems(area: Area, photo: Size): Partial<Record<AreaField, string>> {
  const inside = `must lie inside the photo (${photo.width}×${photo.height} px)`;
  const whole = (n: number) => Number.isInteger(n);
  const out: Partial<Record<AreaField, string>> = {};
  if (!whole(area.x) || area.x < 0) out.x = inside;
  if (!whole(area.y) || area.y < 0) out.y = inside;
  if (!whole(area.width) || area.width < 1) out.width = 'must be at least 1 px';
  else if (area.x + area.width > photo.width) out.width = inside;
  if (!whole(area.height) || area.height < 1) out.height = 'must be at least 1 px';
  else if (area.y + area.height > photo.height) out.height = inside;
  return out;
}

/** Why a photo cannot be a blank (too small or too large), or null. */
export function photoProblem(photo: Size): string | null {
  const ok = (n: number) => n >= MIN_PHOTO_SIDE && n <= MAX_PHOTO_SIDE;
  return ok(photo.width) && ok(photo.height)
    ? null
    : `the photo is ${photo.width}×${photo.height} px; each side must be ${MIN_PHOTO_SIDE} to ${MAX_PHOTO_SIDE} px`;
}

/** The area moved and shrunk as little as needed to lie inside the photo. */
export function clampArea(area: Area, photo: Size): Area {
  const round = (n: number) => (Number.isFinite(n) ? Math.round(n) : 0);
  const width = Math.min(Math.max(1, round(area.width)), photo.width);
  const height = Math.min(Math.max(1, round(area.height)), photo.height);
  const x = Math.min(Math.max(0, round(area.x)), photo.width - width);
  const y = Math.min(Math.max(0, round(area.y)), photo.height - height);
  return { x, y, width, height };
}

/** The area as percentages of the photo, for a box drawn over the photo at any display size. */
export function areaPercent(area: Area, photo: Size): { left: string; top: string; width: string; height: string } {
  const pct = (n: number, of: number) => `${of > 0 ? (n / of) * 100 : 0}%`;
  return {
    left: pct(area.x, photo.width),
    top: pct(area.y, photo.height),
    width: pct(area.width, photo.width),
    height: pct(area.height, photo.height),
  };
}

/**
 * The area after dragging by (dx, dy) photo pixels: `move` shifts it, `resize` pulls its bottom
 * right corner; either way it stays inside the photo.
 */
export function dragArea(area: Area, photo: Size, mode: 'move' | 'resize', dx: number, dy: number): Area {
  if (mode === 'move') return clampArea({ ...area, x: area.x + dx, y: area.y + dy }, photo);
  const width = Math.min(Math.max(1, Math.round(area.width + dx)), photo.width - area.x);
  const height = Math.min(Math.max(1, Math.round(area.height + dy)), photo.height - area.y);
  return { ...area, width, height };
}
