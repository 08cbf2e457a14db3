/**
 * The admin's vendors and model health (issue 42): the order of the vendors of each model several
 * make (Veo only, today), the pause of failing models and the KIE credit price, as the form holds them.
 */
import { useState } from "react";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { Vendor } from "../../src/shared/catalogue";
import { ModelVendorFields } from "@/features/admin/settings/model-vendor-fields";
import { renderWeb, useLocale } from "./render";

let seen: { order: Record<string, Vendor[]>; pause: boolean; credit: string };

function Harness({ order: initial = {} }: { order?: Record<string, Vendor[]> }) {
  const [order, setOrder] = useState<Record<string, Vendor[]>>(initial);
  const [pause, setPause] = useState(false);
  const [credit, setCredit] = useState("0.005000");
  seen = { order, pause, credit };
  return (
    <ModelVendorFields
      vendorOrder={order}
      pauseDegradedModels={pause}
      kieCreditUsd={credit}
      onVendorOrder={setOrder}
      onPause={setPause}
      onKieCredit={setCredit}
    />
  );
}

describe("the admin's vendors and model health", () => {
  beforeEach(() => useLocale("en", "admin"));

  it("orders the vendors of each Veo model, and lists no model only one vendor makes", async () => {
    const { user } = renderWeb(<Harness order={{ veo3: ["google"] }} />);
    const fast = screen.getByRole<HTMLSelectElement>("combobox", { name: "Who makes Veo3 Fast" });
    expect([...fast.options].map((o) => o.text)).toEqual([
      "KIE.ai, then Google Gemini API, Google Vertex AI",
      "Google Gemini API, then KIE.ai, Google Vertex AI",
      "Google Vertex AI, then KIE.ai, Google Gemini API",
      "KIE.ai only",
      "Google Gemini API only",
      "Google Vertex AI only",
    ]);
    // The catalogue's order until the admin picks one; the admin's where set.
    expect(fast.value).toBe("kie,google,vertex");
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Who makes Veo3 (Quality)" }).value).toBe("google");
    expect(screen.queryByRole("combobox", { name: /Kling/ })).toBeNull();

    await user.selectOptions(fast, "Google Gemini API, then KIE.ai, Google Vertex AI");
    expect(seen.order).toEqual({ veo3: ["google"], veo3_fast: ["google", "kie", "vertex"] });
  });

  it("holds the pause and the KIE credit price", async () => {
    const { user } = renderWeb(<Harness />);
    await user.click(screen.getByRole("checkbox", { name: /Pause a model while it fails often/ }));
    const credit = screen.getByRole("textbox", { name: "What one KIE credit costs you, in US dollars" });
    await user.clear(credit);
    await user.type(credit, "0.006");
    expect(seen).toMatchObject({ pause: true, credit: "0.006" });
  });
});
