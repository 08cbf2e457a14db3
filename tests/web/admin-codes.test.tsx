/**
 * The admin's codes (issue 70): the list shows each code's value, uses, credits granted, revenue,
 * validity and state; the new-code dialog says what is wrong before anything is sent and sends a
 * grant or a discount as the route takes it; a batch is made and its CSV offered.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminCodeView } from "../../src/shared/schemas/codes";
import { BatchDialog } from "@/features/admin/codes/batch-dialog";
import { CodeDialog } from "@/features/admin/codes/code-dialog";
import { NO_CODE_FILTERS } from "@/features/admin/codes/codes-filters";
import { CodesList } from "@/features/admin/codes/codes-list";
import { CodesSwitch } from "@/features/admin/codes/codes-switch";
import { AdminCodesPage } from "@/pages/admin-codes-page";
import { stubFetch, type Sent } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";
import { SETTINGS } from "./settings-fixture";

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => useLocale("en", "admin"));

const code = (over: Partial<AdminCodeView> = {}): AdminCodeView => ({
  id: "55555555-5555-4555-8555-555555555555",
  code: "SUMMER2026",
  display: "SUMMER2026",
  kind: "grant",
  label: "Summer campaign",
  batchId: null,
  credits: 100,
  creditDays: 30,
  percentOff: null,
  amountOffCents: null,
  packageIds: null,
  planIds: null,
  maxUses: 500,
  uses: 12,
  oncePerPerson: true,
  firstPurchaseOnly: false,
  validFrom: null,
  validUntil: null,
  disabledAt: null,
  createdAt: "2026-11-01T12:00:00.000Z",
  creditsGranted: 1200,
  revenueCents: 0,
  discountCents: 0,
  ...over,
});

const posts = (sent: Sent[]) => sent.filter((r) => r.method === "POST");
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe("the admin's codes", () => {
  it("lists each code's value, uses, credits granted, revenue and state", async () => {
    stubFetch({
      "GET /api/admin/codes": {
        body: {
          codes: [
            code(),
            code({
              id: "66666666-6666-4666-8666-666666666666",
              code: "ABCDEFGHJKMN",
              display: "ABCD-EFGH-JKMN",
              kind: "discount",
              label: null,
              credits: null,
              creditDays: null,
              percentOff: 20,
              maxUses: null,
              uses: 3,
              creditsGranted: 0,
              revenueCents: 4800,
              disabledAt: "2026-11-20T12:00:00.000Z",
            }),
          ],
          nextCursor: null,
        },
      },
    });
    renderWeb(<CodesList filters={NO_CODE_FILTERS} />);
    const grant = (await screen.findByText("SUMMER2026")).closest("tr")!;
    expect(within(grant).getByText("100 credits for 30 days")).toBeTruthy();
    expect(within(grant).getByText("12 / 500")).toBeTruthy();
    expect(within(grant).getByText("1,200")).toBeTruthy();
    expect(within(grant).getByText("Active")).toBeTruthy();
    const discount = screen.getByText("ABCD-EFGH-JKMN").closest("tr")!;
    expect(within(discount).getByText("20% off")).toBeTruthy();
    expect(within(discount).getByText("3 / no limit")).toBeTruthy();
    expect(within(discount).getByText("$48.00")).toBeTruthy();
    expect(within(discount).getByText("Disabled")).toBeTruthy();
    expect(within(discount).getByRole("button", { name: "Enable ABCD-EFGH-JKMN" })).toBeTruthy();
  });

  it("says what is wrong with a new code and sends nothing", async () => {
    const { sent } = stubFetch({});
    const { user } = renderWeb(<CodeDialog onClose={() => {}} />);
    const create = screen.getByRole("button", { name: "Create code" });

    await user.click(create);
    expect(screen.getByRole("alert").textContent).toBe("Credits must be a whole number from 1 to 10,000,000");

    await user.type(field("Credits"), "100");
    await user.type(field("Code (optional)"), "AB");
    await user.click(create);
    expect(screen.getByRole("alert").textContent).toMatch(/^A code has 4 to 32 letters A-Z and digits/);

    await user.clear(field("Code (optional)"));
    await user.clear(field("Days the credits last"));
    await user.type(field("Days the credits last"), "4000");
    await user.click(create);
    expect(screen.getByRole("alert").textContent).toBe(
      "Days the credits last must be a whole number from 1 to 3,650, or empty: they never expire",
    );

    await user.clear(field("Days the credits last"));
    await user.type(field("Valid from"), "2026-12-10");
    await user.type(field("Valid until"), "2026-12-01");
    await user.click(create);
    expect(screen.getByRole("alert").textContent).toBe("Valid until must be the same day as valid from or later");
    expect(posts(sent)).toEqual([]);
  });

  it("words a discount's percent and sends a discount for chosen packages", async () => {
    const { sent } = stubFetch({
      "GET /api/admin/credit-packages": {
        body: [
          {
            id: "44444444-4444-4444-8444-444444444444",
            name: "Creator",
            credits: 500,
            price: "20.00",
            popular: false,
            description: null,
            bonus: null,
            bonusCredits: 0,
            creemProductId: null,
            isActive: true,
            createdAt: "2026-11-01T12:00:00.000Z",
          },
        ],
      },
      "GET /api/admin/plans": { body: [] },
      "POST /api/admin/codes": { status: 201, body: code({ kind: "discount" }) },
    });
    const onClose = vi.fn();
    const { user } = renderWeb(<CodeDialog onClose={onClose} />);
    await user.selectOptions(field("Kind"), "discount");
    await user.type(field("Percent off"), "150");
    await user.click(screen.getByRole("button", { name: "Create code" }));
    expect(screen.getByRole("alert").textContent).toBe("Percent off must be a whole number from 1 to 99");

    await user.clear(field("Percent off"));
    await user.type(field("Percent off"), "20");
    await user.type(field("Code (optional)"), "spring-20");
    await user.click(screen.getByRole("checkbox", { name: "Every package" }));
    await user.click(screen.getByRole("checkbox", { name: "Every plan" }));
    await user.click(screen.getByRole("button", { name: "Create code" }));
    expect(screen.getByRole("alert").textContent).toBe("Choose at least one package or plan the discount applies to");

    await user.click(await screen.findByRole("checkbox", { name: "Creator" }));
    await user.click(screen.getByRole("button", { name: "Create code" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(sent)[0]!.body).toEqual({
      kind: "discount",
      code: "SPRING20",
      percentOff: 20,
      amountOffCents: null,
      label: null,
      maxUses: null,
      oncePerPerson: true,
      firstPurchaseOnly: false,
      validFrom: null,
      validUntil: null,
      packageIds: ["44444444-4444-4444-8444-444444444444"],
      planIds: [],
    });
  });

  it("makes a batch of single-use codes and offers its CSV", async () => {
    const { sent } = stubFetch({
      "POST /api/admin/codes/bulk": {
        status: 201,
        body: { batchId: "77777777-7777-4777-8777-777777777777", count: 25, codes: [] },
      },
    });
    const { user } = renderWeb(<BatchDialog onClose={() => {}} />);
    await user.clear(field("How many codes"));
    await user.type(field("How many codes"), "2000");
    await user.type(field("Credits"), "50");
    await user.click(screen.getByRole("button", { name: "Make the codes" }));
    expect(screen.getByRole("alert").textContent).toBe("How many codes must be a whole number from 1 to 1000");
    expect(posts(sent)).toEqual([]);

    await user.clear(field("How many codes"));
    await user.type(field("How many codes"), "25");
    await user.click(screen.getByRole("button", { name: "Make the codes" }));
    expect((await screen.findByRole("status")).textContent).toContain("25 single-use codes were made.");
    expect(screen.getByRole("link", { name: "Download the codes (CSV)" }).getAttribute("href")).toBe(
      "/api/admin/codes/export.csv?batchId=77777777-7777-4777-8777-777777777777",
    );
    expect(posts(sent)[0]!.body).toMatchObject({ count: 25, kind: "grant", credits: 50, creditDays: 30, maxUses: 1 });
  });

  it("opens a code's redemptions and its batch's CSV", async () => {
    const batchCode = code({ batchId: "77777777-7777-4777-8777-777777777777" });
    stubFetch({
      "GET /api/admin/codes": { body: { codes: [batchCode], nextCursor: null } },
      [`GET /api/admin/codes/${batchCode.id}/redemptions`]: {
        body: {
          redemptions: [
            {
              id: "88888888-8888-4888-8888-888888888888",
              userId: "99999999-9999-4999-8999-999999999999",
              username: "maria",
              status: "granted",
              via: "web",
              credits: 100,
              orderId: null,
              subscriptionId: null,
              discountCents: 0,
              paidCents: 0,
              createdAt: "2026-11-10T12:00:00.000Z",
            },
          ],
        },
      },
    });
    const { user } = renderWeb(<CodesList filters={NO_CODE_FILTERS} />);
    await user.click(await screen.findByRole("button", { name: "SUMMER2026" }));
    const dialog = await screen.findByRole("dialog", { name: "SUMMER2026" });
    const row = (await within(dialog).findByRole("link", { name: "maria" })).closest("tr")!;
    expect(row.textContent).toContain("Credits granted");
    expect(within(dialog).getByRole("link", { name: "Download its batch (CSV)" }).getAttribute("href")).toBe(
      "/api/admin/codes/export.csv?batchId=77777777-7777-4777-8777-777777777777",
    );
  });

  it("keeps a used code's value and sends only its limits", async () => {
    const { sent } = stubFetch({ [`PATCH /api/admin/codes/${code().id}`]: { body: code({ maxUses: 600 }) } });
    const onClose = vi.fn();
    const { user } = renderWeb(<CodeDialog code={code()} onClose={onClose} />);
    expect(screen.queryByLabelText("Credits")).toBeNull();
    await user.clear(field("Total uses"));
    await user.type(field("Total uses"), "600");
    await user.click(screen.getByRole("button", { name: "Save code" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.find((r) => r.method === "PATCH")?.body).toEqual({
      label: "Summer campaign",
      firstPurchaseOnly: false,
      validFrom: null,
      validUntil: null,
      maxUses: 600,
      oncePerPerson: true,
    });
  });

  it("turns codes off at once on the sign-up settings' route", async () => {
    const { sent } = stubFetch({
      "GET /api/admin/settings": { body: { ...SETTINGS, codesEnabled: true } },
      "PUT /api/admin/settings/sign-ups": {
        body: { message: "Sign-up settings updated", settings: { ...SETTINGS, codesEnabled: false } },
      },
    });
    const { user } = renderWeb(<CodesSwitch />);
    await user.click(await screen.findByRole("switch", { name: "People can redeem and apply codes" }));
    expect(await screen.findByRole("switch", { name: "Codes are off: nobody can redeem or apply one" })).toBeTruthy();
    expect(sent.find((r) => r.method === "PUT")?.body).toEqual({ codesEnabled: false });
  });

  it("finds codes by part of the code or note, and by kind", async () => {
    const { sent } = stubFetch({
      "GET /api/admin/settings": { body: SETTINGS },
      "GET /api/admin/codes": ({ url }) => ({
        body: { codes: url.includes("q=summer") && !url.includes("kind=discount") ? [code()] : [], nextCursor: null },
      }),
    });
    const { user } = renderWeb(<AdminCodesPage />);
    expect(await screen.findByText("No codes yet. Make one, or a batch for a reseller or an event.")).toBeTruthy();
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "summer");
    expect(await screen.findByText("SUMMER2026")).toBeTruthy();
    await user.selectOptions(field("Kind"), "discount");
    expect(await screen.findByText("No codes match these filters.")).toBeTruthy();
    const lists = sent.filter((r) => r.url.startsWith("/api/admin/codes")).map((r) => r.url);
    expect(lists.at(-1)).toBe("/api/admin/codes?q=summer&kind=discount");
  });
});
