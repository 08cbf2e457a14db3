export function changedFiles(ref?: string, cwd?: string): string[];
