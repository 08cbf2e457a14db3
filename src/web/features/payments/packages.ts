/** Credit packages as the pages show them: the server's list, read tolerantly, or the fallback. */
import { msg } from "@lingui/core/macro";
import type { CreditPackageView } from "../../../shared/schemas/packages";
import { formatMoney, formatNumber } from "@/lib/format";
import { i18n } from "@/lib/i18n";

/** A package on screen. `purchasable` is false for the fallback packages (no database id). */
export interface DisplayPackage extends CreditPackageView {
  purchasable: boolean;
}

const FALLBACK_BONUS = { pro: msg`25 bonus credits`, premium: msg`50 bonus credits` };

/**
 * Shown when GET /api/credit-packages fails or returns none. Display only: they
 * are not in the database, so nothing can be bought with them (decision 0016).
 * Built on each call: the bonus lines are in the active language.
 */
export function fallbackPackages(): DisplayPackage[] {
  return [
    {
      id: "starter",
      name: "Starter",
      credits: 50,
      price: "10.00",
      popular: false,
      description: null,
      bonus: null,
      purchasable: false,
    },
    {
      id: "pro",
      name: "Pro",
      credits: 150,
      price: "25.00",
      popular: true,
      description: null,
      bonus: i18n._(FALLBACK_BONUS.pro),
      purchasable: false,
    },
    {
      id: "premium",
      name: "Premium",
      credits: 300,
      price: "45.00",
      popular: false,
      description: null,
      bonus: i18n._(FALLBACK_BONUS.premium),
      purchasable: false,
    },
  ];
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

function positiveNumber(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * One package of the server's answer, or null when it is unusable. The alternate names
 * display_name, credit_amount and price_usd are accepted too.
 */
export function toDisplayPackage(raw: unknown): DisplayPackage | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const id = text(r.id) ?? (typeof r.id === "number" ? String(r.id) : null);
  const name = text(r.name) ?? text(r.display_name);
  const credits = positiveNumber(r.credits ?? r.credit_amount);
  const price = positiveNumber(r.price ?? r.price_usd);
  if (!id || !name || credits === null || price === null) return null;
  return {
    id,
    name,
    credits: Math.floor(credits),
    price: price.toFixed(2),
    popular: r.popular === true,
    description: text(r.description),
    bonus: text(r.bonus),
    purchasable: true,
  };
}

export function toDisplayPackages(raw: unknown): DisplayPackage[] {
  return Array.isArray(raw) ? raw.map(toDisplayPackage).filter((p): p is DisplayPackage => p !== null) : [];
}

/** The package to preselect: the one asked for, else the popular one, else the first. */
export function defaultPackage(packages: readonly DisplayPackage[], wanted: string | null): DisplayPackage | null {
  return packages.find((p) => p.id === wanted) ?? packages.find((p) => p.popular) ?? packages[0] ?? null;
}

/** "$25.00" (prices are USD with two decimals), in the active language's way. */
export function formatUsd(price: string | number): string {
  return formatMoney(Number(price), "USD");
}

export function pricePerCredit(pkg: CreditPackageView): number {
  return Number(pkg.price) / pkg.credits;
}

/** "$0.167": a third decimal where two would hide the difference between packages. */
export function formatPricePerCredit(pkg: CreditPackageView): string {
  return formatNumber(pricePerCredit(pkg), {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
  });
}

/**
 * Whole percent saved per credit against the dearest package of the list; null below 5 % (not
 * worth a badge) or when there is nothing to compare with.
 */
export function savingsPercent(pkg: CreditPackageView, all: readonly CreditPackageView[]): number | null {
  const dearest = Math.max(...all.map(pricePerCredit));
  if (!Number.isFinite(dearest) || dearest <= 0) return null;
  const percent = Math.round((1 - pricePerCredit(pkg) / dearest) * 100);
  return percent >= 5 ? percent : null;
}
