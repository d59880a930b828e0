/** A permission check passes if any of the requested permissions is held; an empty request always passes. */
export function hasAnyPermission(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((p) => held.includes(p));
}

/** Marker for routes and menu entries that need "any permission" (e.g. Quick Links). */
export const ANY_PERMISSION = '*';

export function isAllowed(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (required && required.length === 1 && required[0] === ANY_PERMISSION) return held.length > 0;
  return hasAnyPermission(held, required);
}
