/**
 * Remix (issue 72, decision 0165): `/generate?remix=<shareId>` fills the generator with a published
 * video's prompt, model, mode, shape, length, resolution and sound (GET /api/explore/:id), and the
 * generation it leads to says `remixOf`, so the video's "most remixed" count grows. The id stays in
 * the address until a video is started: signing in (or registering) comes back to it through
 * `next`, and a prompt edited before signing in comes back as the generator's draft instead.
 */
import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLingui } from "@lingui/react/macro";
import { useSearchParams } from "wouter";
import { exploreApi } from "../../../shared/api/explore";
import type { ExploreVideo } from "../../../shared/schemas/explore";
import { toast } from "@/hooks/use-toast";
import { ApiError, callQuery, urlFor } from "@/lib/api";
import { hasGeneratorDraft } from "@/lib/generator-draft";
import type { RecreateSource } from "./recreate";

const REMIX_PARAM = "remix";
const SHARE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What the generator is filled with: everything the video's page shows (its own images stay its owner's). */
function remixSource(video: ExploreVideo): RecreateSource {
  return {
    prompt: video.prompt ?? "",
    model: video.model,
    mode: video.mode,
    aspectRatio: video.aspectRatio,
    durationSeconds: video.durationSeconds,
    resolution: video.resolution,
    audio: video.audio,
    watermark: null,
    seeds: null,
    imageUrls: [],
  };
}

/**
 * Reads `?remix=`, fills the form once through `populate`, and gives the id to send as `remixOf`;
 * `done()` takes it out of the address once a video is started.
 */
export function useRemix(populate: (source: RecreateSource) => void): {
  remixOf: string | undefined;
  done: () => void;
} {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const raw = params.get(REMIX_PARAM);
  const id = raw && SHARE_ID.test(raw) ? raw : undefined;
  // A draft typed before signing in is the person's own edit of the remix: it wins (use-generator-draft.ts).
  const [draftWaiting] = useState(() => hasGeneratorDraft());
  const video = useQuery({
    queryKey: [id ? urlFor(exploreApi.video, { params: { id } }) : "no-remix"],
    queryFn: callQuery(exploreApi.video, { params: { id: id ?? "" } }),
    enabled: id !== undefined,
    staleTime: Infinity,
    retry: false,
  });
  const filled = useRef<string | null>(null);

  useEffect(() => {
    if (!id || !video.data || filled.current === id) return;
    filled.current = id;
    if (draftWaiting) return;
    populate(remixSource(video.data));
    if (video.data.prompt === null)
      toast({ title: t`The prompt is private`, description: t`Its creator hid it: write your own, the rest is set.` });
  }, [id, video.data, draftWaiting, populate, t]);

  const gone = video.error instanceof ApiError && video.error.status === 404;
  useEffect(() => {
    if (!gone) return;
    toast({ title: t`This video is no longer in Explore`, description: t`Its settings could not be filled in.` });
    setParams((current) => removeRemix(current), { replace: true });
  }, [gone, setParams, t]);

  return {
    remixOf: id && !gone ? id : undefined,
    done: () => {
      if (id) setParams((current) => removeRemix(current), { replace: true });
    },
  };
}

function removeRemix(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(REMIX_PARAM);
  return next;
}
