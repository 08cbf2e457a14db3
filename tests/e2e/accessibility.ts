import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "./fixtures.js";

export interface AxeScope {
  /** Only these parts of the page (CSS selectors); the whole page without. */
  include?: string[];
  /** Only these rules; all of axe's without. */
  rules?: string[];
  /** Rules left out, each with its reason beside the call. */
  disableRules?: string[];
}

/**
 * axe's serious and critical findings on the page as it is, one line each: rule, impact and the
 * first few elements. axe is asked for its violations alone (`resultTypes`): it then builds a
 * selector for one element of each passed or inapplicable rule rather than for every one, which
 * on a full page was most of its time (decision 0112).
 */
export async function seriousAxeFindings(page: Page, scope: AxeScope = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  for (const selector of scope.include ?? []) builder = builder.include(selector);
  if (scope.rules) builder = builder.withRules(scope.rules);
  if (scope.disableRules) builder = builder.disableRules(scope.disableRules);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 4)
          .join(" | ")}`,
    );
}

/** No serious or critical axe finding in `scope` of the page. */
export async function expectNoSeriousAxeFindings(page: Page, scope: AxeScope = {}): Promise<void> {
  expect(await seriousAxeFindings(page, scope)).toEqual([]);
}
