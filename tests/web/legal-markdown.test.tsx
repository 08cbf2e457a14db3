/**
 * The legal pages' renderer (decision 0079) with hostile Markdown: raw HTML is shown as text and
 * never becomes elements, and only http(s), mailto and relative links survive.
 */
import { screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { LegalMarkdown } from "@/features/legal/legal-markdown";
import { legalLinkUrl } from "@/features/legal/link-url";
import { renderWeb, useLocale } from "./render";

const HOSTILE = [
  "## Rules",
  '<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
  '<a href="javascript:alert(1)">raw link</a> <iframe src="https://evil.example"></iframe>',
  "[script link](javascript:alert(1)) [upper](JAVASCRIPT:alert(1)) [spaced]( javascript:alert(1))",
  "[entity](java&#x09;script:alert(1)) [vb](vbscript:msgbox(1)) [data](data:text/html;base64,PHNjcmlwdD4=)",
  "[file](file:///etc/passwd) <javascript:alert(1)> ![pixel](https://tracker.example/p.gif)",
  "[site](https://example.com/a?b=c:d) [mail](mailto:help@example.com) [page](/refunds) [anchor](#rules) [rel](pricing?x=a:b)",
].join("\n\n");

describe("LegalMarkdown", () => {
  beforeAll(() => useLocale("en", "public", "app"));

  it("drops javascript:, data: and other schemes, keeps http(s), mailto and relative links", () => {
    const { container } = renderWeb(<LegalMarkdown markdown={HOSTILE} />);
    const hrefs = [...container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual([
      "https://example.com/a?b=c:d",
      "mailto:help@example.com",
      "/refunds",
      "#rules",
      "pricing?x=a:b",
    ]);
    // The words of a dropped link stay, as plain text.
    for (const words of ["script link", "upper", "spaced", "entity", "vb", "data", "file"]) {
      expect(screen.getByText(words).closest("a")).toBeNull();
    }
    const external = screen.getByRole("link", { name: "site" });
    expect(external.getAttribute("target")).toBe("_blank");
    expect(external.getAttribute("rel")).toContain("noopener");
  });

  it("shows raw HTML as text and never as elements, and leaves images out", () => {
    const { container } = renderWeb(<LegalMarkdown markdown={HOSTILE} />);
    expect(container.querySelectorAll("script, img, iframe, [onerror]")).toHaveLength(0);
    expect(container.textContent).toContain("<script>window.hacked = true</script>");
    expect(container.textContent).toContain('<a href="javascript:alert(1)">raw link</a>');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    const attributes = [...container.querySelectorAll("*")].flatMap((el) => [...el.attributes].map((a) => a.value));
    expect(attributes.filter((value) => /javascript:|data:|vbscript:|file:/i.test(value))).toEqual([]);
    expect(screen.getByRole("heading", { level: 2, name: "Rules" })).toBeTruthy();
  });

  it("checks every URL by its scheme", () => {
    expect(legalLinkUrl("https://a.example")).toBe("https://a.example");
    expect(legalLinkUrl("HTTP://a.example")).toBe("HTTP://a.example");
    expect(legalLinkUrl("mailto:x@y.example")).toBe("mailto:x@y.example");
    expect(legalLinkUrl("/terms")).toBe("/terms");
    expect(legalLinkUrl("javascript:alert(1)")).toBe("");
    expect(legalLinkUrl("\tjavascript:alert(1)")).toBe("");
    expect(legalLinkUrl("data:text/html,x")).toBe("");
    expect(legalLinkUrl("tel:123")).toBe("");
  });
});
