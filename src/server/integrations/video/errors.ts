/**
 * What can go wrong with a vendor's call, in the terms the product acts on (issue 42). Every
 * adapter throws these (KieError is KIE's), so failover and refunds never read a vendor's codes.
 */
export type VendorErrorKind =
  /** The key is missing, wrong or revoked: try another account. */
  | "unauthorized"
  /** The account is out of credits: try another account. */
  | "insufficient_credits"
  /** Too many requests: try again later; not a failure of the task. */
  | "rate_limited"
  /** The key has used up its own cap (KIE's 433): try another account, leave this one be. */
  | "key_limited"
  /** The request or its content was refused (policy, validation, image): the person's problem. */
  | "rejected"
  /** The vendor is down, in maintenance, or could not be reached: another vendor may make it. */
  | "unavailable"
  /** The record does not exist (unknown or expired task). */
  | "not_found"
  /** The vendor no longer knows the model (it was retired): take it off sale. */
  | "model_retired"
  /** Anything else, including generation failures and unreadable answers. */
  | "failed";

export class VendorError extends Error {
  constructor(
    readonly kind: VendorErrorKind,
    message: string,
    readonly code?: number,
    /** The vendor's answer's data: some "errors" carry a result (KIE 4K's 422 "generated successfully"). */
    readonly data?: unknown,
    /** False when the vendor may have taken the request before failing (a timeout): never sent elsewhere. */
    readonly certainlyNotTaken = true,
  ) {
    super(message);
    this.name = "VendorError";
  }

  /** Another account of the same vendor may take it (key trouble, not the request's). */
  get tryAnotherKey(): boolean {
    return ["insufficient_credits", "unauthorized", "rate_limited", "key_limited"].includes(this.kind);
  }

  /**
   * Another vendor may take it: the whole vendor is out (down, or every key refused) and surely
   * did not take the video. Never for a refusal: the same prompt is refused elsewhere, or a
   * policy is dodged.
   */
  get tryAnotherVendor(): boolean {
    return (
      this.certainlyNotTaken && (this.tryAnotherKey || this.kind === "unavailable" || this.kind === "model_retired")
    );
  }
}
