export const SERVER_FILE_DIRS: readonly string[];
export const SERVER_CATALOGUES: readonly string[];
export function isBuildFresh(): boolean;
export function build(): Promise<void>;
