export function failureLines(output: string, most?: number): string[];
