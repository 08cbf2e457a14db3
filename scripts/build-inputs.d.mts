export function buildInputsHash(root: string): string;
export const STAMP_FILE: string;
