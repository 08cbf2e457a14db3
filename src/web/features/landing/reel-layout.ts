/**
 * The reel's balanced layout (decision 0166): 1 to 6 tiles in a centred, wrapping row, so no
 * tile sits alone at one side: 1 one wide, 2 halves, 3 a row of three, 4 two by two, 5 three and
 * two, 6 three by two. A phone shows one a row; a tablet two a row, the last one centred.
 * Widths leave room for the gap (gap-6, 1.5 rem) between tiles.
 */
export const REEL_LIST_CLASS = "flex flex-wrap justify-center gap-6";

const HALF = "sm:w-[calc(50%-0.75rem)]";
const THIRD = "lg:w-[calc((100%-3rem)/3)]";

/** The width classes of each tile of a reel holding `count` videos. */
export function reelTileClass(count: number): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- class names
  if (count <= 1) return "w-full max-w-4xl";
  if (count === 2 || count === 4) return `w-full ${HALF}`;
  return `w-full ${HALF} ${THIRD}`;
}
