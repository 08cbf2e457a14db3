/**
 * The query keys of the landing page's first load: names, not URLs. They are the exception to
 * "a key is the URL it fetches" (decision 0037): the URL comes from the route's contract, and the
 * contracts bring zod and the schemas, which the first load leaves out (decision 0056;
 * tests/unit/landing-first-load.test.ts). query-keys.ts lists them with every other key.
 */
export const firstLoadKeys = {
  /** GET /api/auth/current-user: the signed-in user (null when signed out). */
  currentUser: ["current-user"] as const,
  /** GET /api/pricing/current: what a video costs. */
  pricing: ["pricing"] as const,
  /** GET /api/showcase: the landing page's showcase videos (decision 0081). */
  showcase: ["showcase"] as const,
  /** GET /api/explore?featured=true: the landing page's row of featured Explore videos (decision 0166). */
  featuredExplore: ["explore-featured"] as const,
};
