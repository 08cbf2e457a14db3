/**
 * The admin's code calls (issue 70, decision 0156) through the routes' shared contracts: the list
 * with each code's uses, credits granted and revenue, one code's redemptions, make one or a batch,
 * change or disable one, a batch's CSV, and codes on or off. Every save toasts and reads the list again.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminCodesApi } from "../../../../shared/api/admin-codes";
import { signUpProtectionApi } from "../../../../shared/api/sign-up-protection";
import type { AdminCodeView, AdminRedemptionView } from "../../../../shared/schemas/codes";
import type { SuccessOutput } from "../../../../shared/api/contract";
// The codes feature adds its refusals to the error texts (decision 0156).
import "@/features/codes";
import { call, errorMessage, urlFor } from "@/lib/api";
import { underPath } from "@/lib/query-keys";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { useAdminSettings } from "@/features/admin/admin-api";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { toast } from "@/hooks/use-toast";
import type { CodeFilters } from "./codes-filters";
import { dayEnd, dayOf, dayStart, emptyCodeDraft, normalCode, type CodeDraft } from "./code-draft";

export type AdminCode = AdminCodeView;
export type CodeRedemption = AdminRedemptionView;
export type CreatedBatch = SuccessOutput<typeof adminCodesApi.bulkCreate>;

const refreshCodes = () => queryClient.invalidateQueries({ predicate: underPath(adminQueryKeys.codesPath) });

/** The failure toast, with the server's reason after it so the admin can act. */
const failed = (title: MessageDescriptor, fallback: MessageDescriptor) => (error: unknown) =>
  toast({ title: i18n._(title), description: `${i18n._(fallback)}: ${errorMessage(error)}`, variant: "destructive" });

/** The codes with these filters, newest first, a page at a time ("Load older" follows the cursor). */
export function useAdminCodes({ q, kind }: CodeFilters) {
  const filters = { q: q || undefined, kind: kind || undefined };
  return useInfiniteQuery({
    queryKey: adminQueryKeys.codes(filters),
    queryFn: ({ pageParam, signal }) =>
      call(adminCodesApi.list, { query: { ...filters, cursor: pageParam || undefined }, signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

/** One code's redemptions, newest first. */
export const useCodeRedemptions = (id: string) =>
  useQuery({
    queryKey: adminQueryKeys.codeRedemptions(id),
    queryFn: ({ signal }) =>
      call(adminCodesApi.redemptions, { params: { id }, signal }).then((answer) => answer.redemptions),
    staleTime: 0,
  });

/** A code's dialog fields, or empty ones for a new code. */
export function draftOfCode(code?: AdminCode): CodeDraft {
  const empty = emptyCodeDraft();
  if (!code) return empty;
  return {
    ...empty,
    kind: code.kind,
    code: code.display,
    label: code.label ?? "",
    credits: code.credits === null ? "" : String(code.credits),
    creditDays: code.creditDays === null ? "" : String(code.creditDays),
    discountType: code.amountOffCents !== null ? "amount" : "percent",
    percentOff: code.percentOff === null ? "" : String(code.percentOff),
    amountOff: code.amountOffCents === null ? "" : (code.amountOffCents / 100).toFixed(2),
    maxUses: code.maxUses === null ? "" : String(code.maxUses),
    oncePerPerson: code.oncePerPerson,
    firstPurchaseOnly: code.firstPurchaseOnly,
    validFrom: dayOf(code.validFrom),
    validUntil: dayOf(code.validUntil),
    packageIds: code.packageIds,
    planIds: code.planIds,
  };
}

const orNull = (text: string) => text.trim() || null;
const numberOrNull = (text: string) => (text.trim() ? Number(text) : null);

/** What a grant gives or a discount takes off. */
const valueOf = (d: CodeDraft) =>
  d.kind === "grant"
    ? { kind: "grant" as const, credits: Number(d.credits), creditDays: numberOrNull(d.creditDays) }
    : {
        kind: "discount" as const,
        percentOff: d.discountType === "percent" ? Number(d.percentOff) : null,
        amountOffCents: d.discountType === "amount" ? Math.round(Number(d.amountOff) * 100) : null,
      };

/** The limits and dates every code has. */
const limitsOf = (d: CodeDraft) => ({
  label: orNull(d.label),
  firstPurchaseOnly: d.firstPurchaseOnly,
  validFrom: dayStart(d.validFrom),
  validUntil: dayEnd(d.validUntil),
});

/** What a discount applies to: every package (plan) or those chosen. */
const targetsOf = (d: CodeDraft) => (d.kind === "discount" ? { packageIds: d.packageIds, planIds: d.planIds } : {});

/**
 * Make a code, or change `code`: its kind never changes, and what it gives only while nobody has
 * used it (the server's rule), so a used code's change leaves those fields out.
 */
export function useSaveCode(code: AdminCode | undefined, onSaved: () => void) {
  return useMutation({
    mutationFn: (d: CodeDraft) => {
      const { kind, ...value } = valueOf(d);
      const limits = {
        ...limitsOf(d),
        ...targetsOf(d),
        maxUses: numberOrNull(d.maxUses),
        oncePerPerson: d.oncePerPerson,
      };
      if (code)
        return call(adminCodesApi.update, {
          params: { id: code.id },
          body: code.uses > 0 ? limits : { ...value, ...limits },
        });
      return call(adminCodesApi.create, {
        body: { kind, ...value, ...limits, code: d.code.trim() ? normalCode(d.code) : null },
      });
    },
    onSuccess: () => {
      toast({ title: t`Code saved` });
      onSaved();
    },
    onError: failed(msg`Save failed`, msg`Failed to save the code`),
    onSettled: refreshCodes,
  });
}

/** Make `count` single-use codes alike. */
export function useCreateBatch() {
  return useMutation({
    mutationFn: ({ count, draft }: { count: number; draft: CodeDraft }) =>
      call(adminCodesApi.bulkCreate, {
        body: { count, ...valueOf(draft), ...limitsOf(draft), ...targetsOf(draft), maxUses: 1 },
      }),
    onError: failed(msg`Save failed`, msg`Failed to make the codes`),
    onSettled: refreshCodes,
  });
}

/** A batch's codes, or every code, as CSV (a download link: the browser fetches it). */
export const codesCsvUrl = (batchId?: string) => urlFor(adminCodesApi.exportCsv, { query: batchId ? { batchId } : {} });

/** Disable a code (nobody can redeem it any more) or enable it again. */
export function useSetCodeDisabled(onDone: () => void) {
  return useMutation({
    mutationFn: ({ code, disabled }: { code: AdminCode; disabled: boolean }) =>
      call(adminCodesApi.update, { params: { id: code.id }, body: { disabled } }),
    onSuccess: (_, { disabled }) => {
      toast({ title: disabled ? t`Code disabled` : t`Code enabled` });
      onDone();
    },
    onError: failed(msg`Save failed`, msg`Failed to change the code`),
    onSettled: refreshCodes,
  });
}

/** Codes on or off for everyone: the settings' codesEnabled (saved with the sign-up settings' route), at once. */
export function useCodesEnabled() {
  const settings = useAdminSettings();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (codesEnabled: boolean) => call(signUpProtectionApi.update, { body: { codesEnabled } }),
    onSuccess: ({ settings: now }, on) => {
      client.setQueryData(adminQueryKeys.settings, now);
      toast({ title: on ? t`Codes turned on` : t`Codes turned off` });
    },
    onError: failed(msg`Update failed`, msg`Failed to turn codes on or off`),
  });
  return { enabled: settings.data?.codesEnabled, set: save.mutate, pending: save.isPending };
}
