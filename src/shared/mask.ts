/** How secrets are shown once stored: a fixed run of bullets plus the last 4 characters. */
export const MASK_PREFIX = "••••••••";

export function maskSecret(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.length > 12 ? MASK_PREFIX + value.slice(-4) : MASK_PREFIX;
}

/** True for a value that came back from the masked form rather than being typed by a person. */
export function isMaskedSecret(value: string): boolean {
  return value.startsWith(MASK_PREFIX);
}
