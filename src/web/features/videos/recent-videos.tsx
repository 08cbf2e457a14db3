import { ArrowRight, History, LoaderCircle, RefreshCw } from "lucide-react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { SectionHeader } from "@/components/ui/section-header";
import { VideoGrid } from "./video-card";

/** Up to 16 recent videos on the generator. */
const RECENT_VIDEOS_MAX = 16;

export interface RecentVideosProps {
  tasks: readonly VideoTaskView[] | undefined;
  /** The list could not be loaded (and nothing is shown yet). */
  error: string | null;
  refreshing: boolean;
  onRefresh: () => void;
  onOpen: (task: VideoTaskView) => void;
}

/** 'Recent Videos' (signed-in only): the 16 newest tasks, a Refresh button and a link to all. */
export function RecentVideos({ tasks, error, refreshing, onRefresh, onOpen }: RecentVideosProps) {
  const { t } = useLingui();
  const shown = tasks?.slice(0, RECENT_VIDEOS_MAX) ?? [];
  return (
    <section aria-labelledby="recent-videos-title" className="mt-12">
      <SectionHeader
        id="recent-videos-title"
        icon={History}
        title={<Trans>Recent Videos</Trans>}
        description={<Trans>Your videos from the last 14 days. Click one for details and downloads.</Trans>}
        className="mb-5"
      >
        <Button variant="secondary" size="sm" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw className={refreshing ? "animate-spin" : undefined} aria-hidden="true" />
          <Trans>Refresh</Trans>
        </Button>
      </SectionHeader>
      {tasks === undefined && error ? (
        <p
          className="rounded-xl border border-dashed border-border bg-surface/40 px-6 py-10 text-center text-sm text-muted-foreground"
          role="alert"
        >
          <Trans>Your videos could not be loaded: {error}</Trans>
        </p>
      ) : tasks === undefined ? (
        <div className="flex justify-center py-12" role="status" aria-label={t`Loading recent videos`}>
          <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-surface/40 px-6 py-10 text-center text-sm text-muted-foreground">
          <Trans>Videos you generate will show up here.</Trans>
        </p>
      ) : (
        <VideoGrid tasks={shown} onOpen={onOpen} />
      )}
      {tasks && tasks.length > RECENT_VIDEOS_MAX ? (
        <div className="mt-6 flex justify-center">
          <Button asChild variant="outline">
            <Link href="/my-creations">
              <Trans>View All My Videos</Trans>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      ) : null}
    </section>
  );
}
