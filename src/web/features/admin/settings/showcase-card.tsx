/**
 * The landing page's showcase (decision 0081), a section of /admin/settings: the admin picks up
 * to `max` finished videos (their own, or customers' shared ones), puts them in order and may give
 * each a caption; the first one plays in the hero. Nothing changes until "Save showcase". Below,
 * a sample per model (model-samples-part.tsx, decision 0166).
 */
import { useMemo } from "react";
import { LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { errorMessage } from "@/lib/api";
import { useAdminShowcase } from "./showcase-api";
import { ModelSamplesPart } from "./model-samples-part";
import { ShowcaseEditor } from "./showcase-editor";

export function ShowcaseCard() {
  const { t } = useLingui();
  const showcase = useAdminShowcase();
  const data = showcase.data;
  const videos = useMemo(
    () => new Map([...(data?.candidates ?? []), ...(data?.chosen ?? [])].map((v) => [v.taskId, v])),
    [data],
  );
  const initial = useMemo(
    () => (data?.chosen ?? []).map((c) => ({ taskId: c.taskId, caption: c.caption ?? "" })),
    [data],
  );
  const reason = showcase.isError ? errorMessage(showcase.error) : "";

  return (
    <section
      id="showcase"
      aria-labelledby="showcase-title"
      className="rounded-2xl border border-border bg-surface/80 p-5 shadow-xl shadow-black/20 sm:p-6"
    >
      <h2 id="showcase-title" className="text-lg font-semibold tracking-tight">
        <Trans>Landing page showcase</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        <Trans>
          Choose the videos visitors see on the landing page, in order. The first one plays in the hero. Each shows its
          caption, or its prompt when you leave the caption empty, with a &quot;Try this prompt&quot; button.
        </Trans>
      </p>
      {data ? (
        <>
          <ShowcaseEditor
            key={JSON.stringify(initial)}
            initial={initial}
            videos={videos}
            candidates={data.candidates}
            max={data.max}
          />
          <ModelSamplesPart samples={data.modelSamples} />
        </>
      ) : showcase.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-400">
          <Trans>The showcase could not be loaded: {reason}</Trans>
        </p>
      ) : (
        <div className="flex justify-center py-8" role="status" aria-label={t`Loading the showcase`}>
          <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
        </div>
      )}
    </section>
  );
}
