/**
 * A provider's sentence as a customer reads it (issue 38): the vendor is "the video service", never
 * "KIE", and the sentence ends with a full stop, so a message built around it ("The video was
 * refused: ... Your credits were refunded.") has exactly one. Admin-only messages keep the name.
 */
export function forCustomers(message: string): string {
  const named = message
    .trim()
    .replace(/^KIE(\.ai)?'s\b/, "The video service's")
    .replace(/^KIE(\.ai)?\b/, "The video service")
    .replace(/\bKIE(\.ai)?'s\b/g, "the video service's")
    .replace(/\bKIE(\.ai)?\b/g, "the video service");
  if (!named) return "The video service gave no reason.";
  return /[.!?]$/.test(named) ? named : `${named}.`;
}
