/**
 * The lists' search boxes (src/web/hooks/use-search-box.ts) and the filters they write to
 * (use-url-filters.ts). A search is sent 300 ms after typing pauses; a status or type chosen in
 * that moment must stay. In CI the admin's Transaction History lost a type that way: the search's
 * timer sent every filter as an earlier render saw them, type "all" among them.
 */
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AuditFiltersBar } from "@/features/admin/audit/audit-filters";
import { NO_AUDIT_FILTERS } from "@/features/admin/audit/audit-api";
import { HistoryFiltersBar } from "@/features/admin/history/history-filters";
import { NO_FILTERS } from "@/features/admin/history/history-api";
import { ModerationFiltersBar } from "@/features/admin/moderation/moderation-filters";
import { NO_MODERATION_FILTERS } from "@/features/admin/moderation/moderation-api";
import { UserFiltersBar } from "@/features/admin/users/user-filters-bar";
import { filtersFromParams, filtersToParams, NO_USER_FILTERS } from "@/features/admin/users/users-api";
import { GalleryFilterBar } from "@/features/videos/gallery-filter-bar";
import { NO_GALLERY_FILTERS } from "@/features/videos/gallery-filters";
import { useSearchBox } from "@/hooks/use-search-box";
import { useUrlFilters } from "@/hooks/use-url-filters";
import { renderWeb, useLocale } from "./render";

beforeEach(() => useLocale("en", "app", "admin"));

/** A list's filter bar, its search box's label, and what one search should send. */
interface SearchBar {
  list: string;
  label: string;
  field: string;
  /** After the patch: the lists in the address replace the history entry as the person types. */
  options: object[];
  bar: (send: (patch: object, options?: { replace?: boolean }) => void) => ReactElement;
}

describe("each list's search box sends its own text, and nothing else", () => {
  // With the whole filters in the call, the owner could only take them as they were at the last render.
  const replace = [{ replace: true }];
  const bars: SearchBar[] = [
    {
      list: "Transaction History",
      label: "Username",
      field: "user",
      options: [],
      bar: (send) => <HistoryFiltersBar value={{ ...NO_FILTERS, type: "purchase" }} onChange={send} />,
    },
    {
      list: "Users",
      label: "Search users",
      field: "q",
      options: replace,
      bar: (send) => <UserFiltersBar filters={{ ...NO_USER_FILTERS, status: "active" }} setFilters={send} />,
    },
    {
      list: "Audit Log",
      label: "Admin",
      field: "admin",
      options: replace,
      bar: (send) => <AuditFiltersBar value={{ ...NO_AUDIT_FILTERS, action: "user.disable" }} onChange={send} />,
    },
    {
      list: "Moderation",
      label: "Person",
      field: "username",
      options: replace,
      bar: (send) => <ModerationFiltersBar value={{ ...NO_MODERATION_FILTERS, decision: "refused" }} onChange={send} />,
    },
    {
      list: "My Creations",
      label: "Search",
      field: "q",
      options: replace,
      bar: (send) => <GalleryFilterBar value={{ ...NO_GALLERY_FILTERS, status: "failed" }} onChange={send} />,
    },
  ];

  it.each(bars)(
    "$list: typing sends { $field } alone, trimmed, once typing pauses",
    async ({ label, field, options, bar }) => {
      const onChange = vi.fn();
      const { user } = renderWeb(bar(onChange));
      await user.type(screen.getByLabelText(label, { exact: true }), "  ann ");
      await waitFor(() => expect(onChange).toHaveBeenCalled());
      expect(onChange.mock.calls).toEqual([[{ [field]: "ann" }, ...options]]);
    },
  );
});

describe("useSearchBox", () => {
  const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

  it("shows what the filters say when they change under it, and keeps typing when its own search arrives", async () => {
    const send = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useSearchBox(value, send), {
      initialProps: { value: "" },
    });
    act(() => result.current[1]("sun"));
    await waitFor(() => expect(send).toHaveBeenCalledWith("sun"));
    // The person types on before the list has taken "sun": their text stays.
    act(() => result.current[1]("sunset"));
    rerender({ value: "sun" });
    expect(result.current[0]).toBe("sunset");
    await waitFor(() => expect(send).toHaveBeenLastCalledWith("sunset"));
    rerender({ value: "sunset" });
    // Back (or Clear) changes the filters to something the box did not send: the box follows.
    rerender({ value: "moon" });
    expect(result.current[0]).toBe("moon");
    await wait(400);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("sends nothing for spaces alone, and one search for a burst of typing", async () => {
    const send = vi.fn();
    const { result } = renderHook(() => useSearchBox("", send));
    act(() => result.current[1]("   "));
    await wait(400);
    expect(send).not.toHaveBeenCalled();
    for (const text of ["a", "an", "ann"]) act(() => result.current[1](text));
    await waitFor(() => expect(send).toHaveBeenCalled());
    await wait(400);
    expect(send.mock.calls).toEqual([["ann"]]);
  });
});

describe("useUrlFilters", () => {
  it("merges each change into the address as it stands, even when two come before the page draws again", () => {
    const location = memoryLocation({ path: "/admin/users?sort=credits", record: true });
    const wrapper = ({ children }: { children: ReactNode }) => <Router hook={location.hook}>{children}</Router>;
    const { result } = renderHook(() => useUrlFilters(filtersFromParams, filtersToParams), { wrapper });
    act(() => {
      const [, setFilters] = result.current;
      setFilters({ status: "disabled" });
      setFilters({ q: "ann" }, { replace: true });
    });
    expect(result.current[0]).toEqual({ ...NO_USER_FILTERS, q: "ann", status: "disabled", sort: "credits" });
    expect(location.history.at(-1)).toBe("/admin/users?q=ann&status=disabled&sort=credits");
  });
});
