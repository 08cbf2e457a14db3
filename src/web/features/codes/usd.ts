import { formatMoney } from "@/lib/format";

/** A USD amount as the server sends it ("9.99") or a number, in the active language: $9.99. */
export const formatUsd = (amount: string | number): string => formatMoney(Number(amount), "USD");
