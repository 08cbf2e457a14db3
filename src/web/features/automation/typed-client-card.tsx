import { Braces } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CodeBlock } from "./code-block";
import { TYPED_CLIENT_INSTALL, typedClientExample } from "./use-it-from-snippets";

/** The TypeScript client (issue 73): install and a few lines that make a video; text only. */
export function TypedClientCard() {
  const { t } = useLingui();
  return (
    <div className="grid gap-3 rounded-2xl border border-border bg-surface/60 p-5">
      <h3 className="flex items-center gap-2 font-semibold">
        <Braces className="size-4 text-violet-300" aria-hidden="true" />
        <Trans>The TypeScript client</Trans>
      </h3>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Typed calls for Node 20 or later: generate, wait for the video (with the documented backoff), balance and
          models, and a helper that checks webhook signatures.
        </Trans>
      </p>
      <CodeBlock title={t`Install the client`} code={TYPED_CLIENT_INSTALL} />
      <CodeBlock title={t`Make a video with the client`} code={typedClientExample(window.location.origin)} />
    </div>
  );
}
