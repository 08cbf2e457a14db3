export const N8N_VERSION: string;
export const CACHE_DIR: string;
export const PACKAGE_DIR: string;
export const DIST_DIR: string;
export const N8N_BIN: string;
export function ensureCache(): void;
export function build(): void;
export function lint(): void;
export function pack(): { unpacked: string; files: string[] };
export function scan(unpacked?: string): Promise<void>;
export function prepare(): {
  cacheDir: string;
  packageDir: string;
  distDir: string;
  n8nBin: string;
  /** The packed tarball's contents, unpacked. */
  unpacked: string;
};
