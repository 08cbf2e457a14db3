import { useCallback, useRef } from "react";

/** 128 random bits in hex (crypto.randomUUID needs a secure context; a self-hosted http:// page is not one). */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * One Idempotency-Key per request the person means to send (decision 0046): a double click or a
 * resend after a lost answer reuses it, so it never starts two videos; a different request gets a
 * new one, and so does the next request once `settle` says the server answered.
 */
export function useIdempotencyKey() {
  const pending = useRef<{ request: string; key: string } | undefined>(undefined);
  const keyFor = useCallback((request: unknown): string => {
    const text = JSON.stringify(request);
    if (pending.current?.request !== text) pending.current = { request: text, key: randomKey() };
    return pending.current.key;
  }, []);
  const settle = useCallback(() => {
    pending.current = undefined;
  }, []);
  return { keyFor, settle };
}
