import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminTransactionView } from "../../src/shared/schemas/admin-transactions";
import { HistoryPage } from "@/pages/history-page";
import { queryKeys } from "@/lib/query-keys";
import { stubFetch, type Answer, type Sent } from "./fetch-stub";
import { newQueryClient, renderWeb, useLocale } from "./render";

const row = (n: number): AdminTransactionView => ({
  id: `t${n}`,
  userId: "u1",
  username: "buyer",
  email: null,
  type: "purchase",
  amount: n,
  description: `row number ${n}`,
  videoTaskId: null,
  videoPrompt: null,
  taskId: null,
  kieTaskId: null,
  upgrade: null,
  refunded: false,
  paymentOrder: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});

/** Two rows a page, more than the server counts: the first page gives a cursor to the second. */
function answerRows({ url }: Sent): Answer {
  const params = new URL(url, "http://localhost").searchParams;
  if (params.get("user")) return { body: { data: [row(9)], total: 1, totalCapped: false, nextCursor: null } };
  if (params.get("cursor") === "c2")
    return { body: { data: [row(3), row(4)], total: 10_000, totalCapped: true, nextCursor: null } };
  return { body: { data: [row(1), row(2)], total: 10_000, totalCapped: true, nextCursor: "c2" } };
}

function renderHistory() {
  const client = newQueryClient();
  client.setQueryData(queryKeys.currentUser, {
    username: "admin",
    email: null,
    credits: 0,
    isAdmin: true,
    hasPassword: true,
    emailVerified: true,
    language: null,
  });
  return renderWeb(<HistoryPage />, { client, path: "/history" });
}

const range = () => screen.getByText(/ of /).textContent;
const descriptions = () => screen.getAllByText(/^row number \d$/).map((cell) => cell.textContent);

describe("History pages (decision 0106)", () => {
  beforeEach(() => useLocale("en", "admin"));

  it("follows nextCursor to the next page and comes back, saying the count stopped at 10,000", async () => {
    const { sent } = stubFetch({ "GET /api/admin/transactions": answerRows });
    const { user } = renderHistory();
    await waitFor(() => expect(descriptions()).toEqual(["row number 1", "row number 2"]));
    expect(range()).toBe("1–2 of 10,000+");
    expect(sent.at(-1)?.url).not.toContain("page=");
    expect(screen.getByRole("button", { name: "Previous page" })).toHaveProperty("disabled", true);

    await user.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(descriptions()).toEqual(["row number 3", "row number 4"]));
    expect(range()).toBe("3–4 of 10,000+");
    expect(sent.at(-1)?.url).toContain("cursor=c2");
    expect(screen.getByRole("button", { name: "Next page" })).toHaveProperty("disabled", true);

    await user.click(screen.getByRole("button", { name: "Previous page" }));
    await waitFor(() => expect(descriptions()).toEqual(["row number 1", "row number 2"]));
    expect(range()).toBe("1–2 of 10,000+");
  });

  it("starts other filters again at their first page, without a cursor", async () => {
    const { sent } = stubFetch({ "GET /api/admin/transactions": answerRows });
    const { user } = renderHistory();
    await waitFor(() => expect(descriptions()).toEqual(["row number 1", "row number 2"]));
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(descriptions()).toEqual(["row number 3", "row number 4"]));

    await user.type(screen.getByLabelText("Username"), "buyer");
    await waitFor(() => expect(descriptions()).toEqual(["row number 9"]));
    const last = new URL(sent.at(-1)!.url, "http://localhost").searchParams;
    expect([last.get("user"), last.get("cursor")]).toEqual(["buyer", null]);
    expect(range()).toBe("1–1 of 1");
    expect(screen.queryByRole("navigation", { name: "Transaction pages" })).toBeNull();
  });
});
