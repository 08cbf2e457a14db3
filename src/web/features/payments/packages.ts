/** Credit packages as the pages show them: the server's list, read tolerantly, or the fallback. */
import type { CreditPackageView } from "../../../shared/schemas/packages";
import { usdPerCredit } from "../../../shared/prices";
import { SUGGESTED_PACKAGES } from "../../../shared/suggested-packages";
import { formatMoney, formatNumber } from "@/lib/format";
import { bonusCreditsLabel } from "./credit-words";

/** A package on screen. `purchasable` is false for the fallback packages (no database id). */
export interface DisplayPackage extends CreditPackageView {
  purchasable: boolean;
}

/**
 * Shown when GET /api/credit-packages fails or returns none. Display only: they
 * are not in the database, so nothing can be bought with them (decision 0016).
 */
export function fallbackPackages(): DisplayPackage[] {
  return SUGGESTED_PACKAGES.map((p) => ({ ...p, description: null, bonus: null, purchasable: false }));
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** A whole number of bonus credits, 0 when missing or unusable. */
function bonusCreditsOf(value: unknown): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : 0;
}

function positiveNumber(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * One package of the server's answer, or null when it is unusable. The alternate names
 * display_name, credit_amount and price_usd are accepted too.
 */
function toDisplayPackage(raw: unknown): DisplayPackage | null {
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
    bonusCredits: bonusCreditsOf(r.bonusCredits),
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

/** What a credit of this package costs, its bonus credits counted (the credit value's reckoning, decision 0075). */
const pricePerCredit = usdPerCredit;

/** Everything the package gives: its credits and its bonus credits. */
export function totalCredits(pkg: Pick<CreditPackageView, "credits" | "bonusCredits">): number {
  return pkg.credits + pkg.bonusCredits;
}

/**
 * The bonus badge's words: "+25 bonus credits", with the admin's own text after it when there is
 * one ("+25 bonus credits · Launch offer"), or that text alone; null without either.
 */
export function bonusText(pkg: Pick<CreditPackageView, "bonus" | "bonusCredits">): string | null {
  if (pkg.bonusCredits <= 0) return pkg.bonus;
  const given = `+${bonusCreditsLabel(pkg.bonusCredits)}`;
  return pkg.bonus ? `${given} · ${pkg.bonus}` : given;
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
