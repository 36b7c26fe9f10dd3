/** Joins class names, skipping falsy values (no clsx dependency needed for this). */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
