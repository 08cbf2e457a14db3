import { Trans, useLingui } from "@lingui/react/macro";
import { CodeBlock } from "@/features/automation";

/** Verifying with the Standard Webhooks library (https://www.standardwebhooks.com). */
const VERIFY_WITH_LIBRARY = `// npm install standardwebhooks
import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.VEO_WEBHOOK_SECRET); // "whsec_…"

// rawBody: the request body exactly as received (a string, before JSON.parse);
// headers: the request's headers (webhook-id, webhook-timestamp, webhook-signature).
const event = wh.verify(rawBody, headers); // throws if the signature or the timestamp is wrong
console.log(event.type, event.data);`;

/** The same check on node:crypto alone. */
const VERIFY_WITH_CRYPTO = `import crypto from "node:crypto";

export function verifyWebhook(secret, rawBody, headers) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"] ?? "";
  if (!id || !timestamp) throw new Error("Missing webhook headers");
  // Refuse old (or future) messages: replays of a captured request.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) throw new Error("Timestamp out of range");

  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = crypto.createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  // Several signatures during a secret rotation: "v1,<base64> v1,<base64>".
  const valid = signatures.split(" ").some((entry) => {
    const [version, signature = ""] = entry.split(",");
    const given = Buffer.from(signature, "base64");
    return version === "v1" && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!valid) throw new Error("Invalid signature");
  return JSON.parse(rawBody);
}`;

/** How a receiver checks that a delivery came from us and was not replayed. */
export function VerifySignature() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="verify-title" className="grid gap-4 rounded-2xl border border-border bg-surface/60 p-5">
      <div>
        <h3 id="verify-title" className="font-semibold">
          <Trans>Verify a signature</Trans>
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          <Trans>
            Every delivery follows Standard Webhooks: the headers webhook-id (the event id, the same on every retry and
            resend, so you can skip repeats), webhook-timestamp (seconds) and webhook-signature (<code>v1,</code> +
            base64 HMAC-SHA256 of <code>id.timestamp.body</code>, keyed with the base64-decoded secret after{" "}
            <code>whsec_</code>). Check it against the raw body before you trust the event, and answer 2xx quickly.
          </Trans>
        </p>
      </div>
      <CodeBlock title={t`Verify with standardwebhooks`} code={VERIFY_WITH_LIBRARY} />
      <CodeBlock title={t`Verify with node:crypto only`} code={VERIFY_WITH_CRYPTO} />
    </section>
  );
}
