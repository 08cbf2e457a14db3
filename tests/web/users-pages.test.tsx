import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminUserView } from "../../src/shared/schemas/admin-users";
import { UsersCard } from "@/features/admin/users/users-card";
import { queryKeys } from "@/lib/query-keys";
import { stubFetch, type Answer, type Sent } from "./fetch-stub";
import { newQueryClient, renderWeb, useLocale } from "./render";

const person = (n: number): AdminUserView => ({
  id: `u${n}`,
  username: `user${n}`,
  email: `user${n}@example.test`,
  credits: n * 10,
  isAdmin: false,
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  videoCount: n,
  creditsOwed: 0,
  disputeOpen: false,
  deletedAt: null,
});

/** Two users a page, four in all: the first page links to the second with a cursor. */
function answerUsers({ url }: Sent): Answer {
  const params = new URL(url, "http://localhost").searchParams;
  const q = params.get("q");
  if (q) return { body: [person(3)], headers: { "X-Total-Count": "1" } };
  if (params.get("cursor") === "c2") return { body: [person(3), person(4)], headers: { "X-Total-Count": "4" } };
  return {
    body: [person(1), person(2)],
    headers: { "X-Total-Count": "4", Link: '</api/admin/users?limit=50&cursor=c2>; rel="next"' },
  };
}

function renderUsers() {
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
  return renderWeb(<UsersCard />, { client, path: "/admin/users" });
}

const range = () => screen.getByText(/of 4|of 1/).textContent;
const names = () => screen.getAllByRole("link", { name: /^user\d$/ }).map((a) => a.textContent);

describe("UsersCard pages", () => {
  beforeEach(() => useLocale("en", "admin"));

  it("follows the Link header to the next page and comes back, counting the rows", async () => {
    const { sent } = stubFetch({ "GET /api/admin/users": answerUsers });
    const { user } = renderUsers();
    await waitFor(() => expect(names()).toEqual(["user1", "user2"]));
    expect(range()).toBe("1–2 of 4");
    expect(screen.getByRole("button", { name: "Previous page" })).toHaveProperty("disabled", true);

    await user.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(names()).toEqual(["user3", "user4"]));
    expect(range()).toBe("3–4 of 4");
    expect(sent.at(-1)?.url).toContain("cursor=c2");
    // The last page: no Link, no Next.
    expect(screen.getByRole("button", { name: "Next page" })).toHaveProperty("disabled", true);

    await user.click(screen.getByRole("button", { name: "Previous page" }));
    await waitFor(() => expect(names()).toEqual(["user1", "user2"]));
    expect(range()).toBe("1–2 of 4");
  });

  it("puts the table in a scrolling region the keyboard reaches, named like the table (decision 0140)", async () => {
    stubFetch({ "GET /api/admin/users": answerUsers });
    renderUsers();
    await waitFor(() => expect(names()).toEqual(["user1", "user2"]));
    const region = screen.getByRole("region", { name: "Users, sorted by newest" });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole("table", { name: "Users, sorted by newest" });
    expect(within(table).getByRole("row", { name: "User user2" })).toBeTruthy();
  });

  it("starts a search again at its first page, in the address too", async () => {
    const { sent } = stubFetch({ "GET /api/admin/users": answerUsers });
    const { user, location } = renderUsers();
    await waitFor(() => expect(names()).toEqual(["user1", "user2"]));
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(names()).toEqual(["user3", "user4"]));

    await user.type(screen.getByLabelText("Search users"), "user3");
    await waitFor(() => expect(range()).toBe("1–1 of 1"));
    const last = new URL(sent.at(-1)?.url ?? "", "http://localhost").searchParams;
    expect(last.get("q")).toBe("user3");
    expect(last.get("cursor")).toBeNull();
    expect(location.history?.at(-1)).toBe("/admin/users?q=user3");
  });
});
