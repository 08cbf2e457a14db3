import { BRAND } from "../../../../shared/brand";

/** "veo-studio-recovery-codes-ann.txt": the site's and the account's names, safe in any file system. */
export function recoveryCodesFileName(account: string): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .split(/[^a-z0-9_]+/)
      .filter(Boolean)
      .join("-");
  return [slug(BRAND), "recovery-codes", slug(account)].filter(Boolean).join("-") + ".txt";
}

/** The file's text: its heading lines, a blank line, then one code a line. */
export function recoveryCodesText(heading: string[], codes: string[]): string {
  return [...heading, "", ...codes, ""].join("\n");
}
