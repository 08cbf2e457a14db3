import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { quoteCode, type DiscountQuote, type QuoteTarget } from "./codes-api";

/** A discount code the server quoted for this purchase: sent with the checkout as `code`. */
export interface AppliedDiscount {
  code: string;
  quote: DiscountQuote;
}

/**
 * The purchase dialog's discount code (issue 70): what is typed, Apply (the server's quote for
 * this package or plan), the code applied, or why it cannot be. The checkout sends `applied.code`.
 */
export function useDiscountCode(target: QuoteTarget) {
  const [typed, setTypedText] = useState("");
  const [applied, setApplied] = useState<AppliedDiscount | null>(null);
  const quote = useMutation({
    mutationFn: (code: string) => quoteCode(code, target),
    onSuccess: (answer, code) => setApplied({ code, quote: answer }),
  });

  const apply = () => {
    const code = typed.trim();
    if (code) quote.mutate(code);
  };
  const setTyped = (text: string) => {
    setTypedText(text);
    if (quote.isError) quote.reset();
  };
  const remove = () => {
    setApplied(null);
    setTypedText("");
    quote.reset();
  };
  return { typed, setTyped, apply, remove, applied, pending: quote.isPending, error: quote.error };
}

export type DiscountCode = ReturnType<typeof useDiscountCode>;
