import { plural } from "@lingui/core/macro";
import { formatDate } from "@/lib/format";

/** What a redeemed grant code gave: "15 credits added: they last until 12/13/2026." */
export function redeemedText({ credits, expiresAt }: { credits: number; expiresAt: string | null }): string {
  if (!expiresAt)
    return plural(credits, {
      one: "# credit added to your balance.",
      other: "# credits added to your balance.",
    });
  const date = formatDate(expiresAt);
  return plural(credits, {
    one: `# credit added: it lasts until ${date}.`,
    other: `# credits added: they last until ${date}.`,
  });
}
