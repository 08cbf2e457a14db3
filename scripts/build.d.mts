export const SERVER_FILE_DIRS: readonly string[];
export function isBuildFresh(): boolean;
export function build(): Promise<void>;
