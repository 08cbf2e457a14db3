import { useState } from "react";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Pagination, pageWindow } from "@/components/ui/pagination";
import { renderWeb, useLocale } from "./render";

function Pager({ pageCount, start = 1 }: { pageCount: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Video pages" />;
}

const numbered = () => screen.getAllByRole("button", { name: /^Page \d+$/ }).map((b) => b.textContent);
const current = () => screen.getByRole("button", { current: "page" }).textContent;

describe("Pagination", () => {
  beforeEach(() => useLocale("en"));

  it("keeps at most five page buttons, centred on the page where it can", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it("moves with Previous, Next and the numbers, and stops at either end", async () => {
    const { user } = renderWeb(<Pager pageCount={7} />);
    expect(screen.getByRole("navigation", { name: "Video pages" })).toBeTruthy();
    expect(current()).toBe("1");
    expect(screen.getByRole("button", { name: "Previous page" })).toHaveProperty("disabled", true);

    await user.click(screen.getByRole("button", { name: "Page 5" }));
    expect(current()).toBe("5");
    expect(numbered()).toEqual(["3", "4", "5", "6", "7"]);

    await user.click(screen.getByRole("button", { name: "Next page" }));
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(current()).toBe("7");
    expect(screen.getByRole("button", { name: "Next page" })).toHaveProperty("disabled", true);

    await user.click(screen.getByRole("button", { name: "Previous page" }));
    expect(current()).toBe("6");
  });

  it("shows nothing for a single page", () => {
    renderWeb(<Pager pageCount={1} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("names its buttons in Vietnamese", async () => {
    await useLocale("vi");
    renderWeb(<Pager pageCount={3} />);
    expect(screen.queryByRole("button", { name: "Next page" })).toBeNull();
    expect(screen.getAllByRole("button")).toHaveLength(5);
  });
});
