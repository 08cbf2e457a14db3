import { useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/ui/page-header";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { PaymentHoldBanner } from "@/features/payments/payment-hold-banner";
import { WelcomeCreditsNotice } from "@/features/plans/welcome-credits-notice";
import { GenerateForm } from "@/features/videos/generate-form";
import { GENERATE_DEFAULTS, generateFormSchema, type GenerateFormValues } from "@/features/videos/generate-form-schema";
import { JobsInProgress, jobsInProgress } from "@/features/videos/jobs-in-progress";
import { LatestVideoPanel } from "@/features/videos/latest-video-panel";
import { RecentVideos } from "@/features/videos/recent-videos";
import { takeLinkedPrompt, takeStashedRecreate, toFormValues, type RecreateSource } from "@/features/videos/recreate";
import { useRemix } from "@/features/videos/use-remix";
import { useTaskSelection } from "@/features/videos/use-task-selection";
import { useFinishNotice } from "@/features/videos/use-finish-notice";
import { useTaskTracker } from "@/features/videos/use-task-tracker";
import { useRecentVideoTasks } from "@/features/videos/use-video-tasks";
import { useWebPriceTable } from "@/features/videos/use-web-prices";
import { usePricing } from "@/features/pricing";
import { VideoDetailsDialog } from "@/features/videos/video-details-dialog";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import type { VideoTaskView } from "../../shared/videos";

export function GeneratePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Generate`);
  const { user, isResolved } = useCurrentUser();
  const signedIn = user !== null;
  const prices = useWebPriceTable();
  const { offered, degraded } = usePricing();
  const form = useForm<GenerateFormValues>({
    resolver: zodResolver(generateFormSchema),
    defaultValues: GENERATE_DEFAULTS,
  });

  const recent = useRecentVideoTasks(signedIn);
  const tasks = signedIn ? recent.data?.tasks : undefined;
  const tracker = useTaskTracker(tasks, useFinishNotice());
  const latest = tracker.task ?? tasks?.[0] ?? null;
  const details = useTaskSelection(tracker.task ? [tracker.task] : null, tasks);
  // Every video being made (several at once within the fair-use limit), and the latest one's variants (decision 0162).
  const jobs = jobsInProgress(tracker.task, tasks);
  const batch = latest?.batchId ? batchOf(latest.batchId, tasks) : undefined;

  const { reset, setFocus } = form;
  /** Puts a task's settings into the form and moves the focus to its prompt. */
  const populate = useCallback(
    (source: RecreateSource) => {
      reset(toFormValues(source));
      toast({
        title: t`Form populated`,
        description: t`The video's settings are in the form. Adjust them and generate again.`,
      });
      // After the dialog (if any) has closed; it is told not to take the focus back.
      setTimeout(() => setFocus("prompt"), 0);
    },
    [reset, setFocus, t],
  );
  const { close: closeDetails } = details;
  const recreate = useCallback(
    (source: RecreateSource) => {
      closeDetails();
      populate(source);
    },
    [closeDetails, populate],
  );

  // Recreate from another page (My Creations) arrives through session storage, once; a shared video's prompt through the address.
  useEffect(() => {
    const stashed = takeStashedRecreate() ?? takeLinkedPrompt();
    if (stashed) populate(stashed);
  }, [populate]);

  // Remix from Explore (issue 72): the video's settings through the address, kept while signing in.
  const remix = useRemix(populate);

  // A video started (here or as an extension): bring its progress into view, the form may have scrolled it away.
  const latestPanel = useRef<HTMLDivElement>(null);
  const { track } = tracker;
  const started = useCallback(
    (task: VideoTaskView) => {
      track(task);
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      requestAnimationFrame(() =>
        latestPanel.current?.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" }),
      );
    },
    [track],
  );

  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    const result = await recent.refetch();
    setRefreshing(false);
    if (result.isError)
      toast({ title: t`Refresh failed`, description: errorMessage(result.error), variant: "destructive" });
    else toast({ title: t`Refreshed`, description: t`Your videos are up to date.` });
  };

  return (
    // Spaced so the form's first screen, Generate included, fits a 1440x900 window (issue 71 §2).
    <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:py-6">
      <PageHeader
        className="mb-6 lg:mb-5"
        title={
          <Trans>
            AI Video <span className="text-gradient">Generator</span>
          </Trans>
        }
        description={
          <Trans>
            Turn a prompt, a first and last frame or reference images into a video, with the model, length and sound you
            choose.
          </Trans>
        }
      />

      <PaymentHoldBanner signedIn={signedIn} />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <GenerateForm
          form={form}
          user={user}
          sessionKnown={isResolved}
          prices={prices}
          offered={offered}
          degraded={degraded}
          onStarted={(task) => {
            remix.done();
            started(task);
          }}
          notice={<WelcomeCreditsNotice />}
          remixOf={remix.remixOf}
        />
        <div className="grid gap-6">
          <LatestVideoPanel
            ref={latestPanel}
            task={latest}
            batch={batch}
            loading={signedIn && recent.isPending && !tracker.task}
            onRecreate={recreate}
            onOpenDetails={details.open}
          />
          <JobsInProgress jobs={jobs} onOpen={details.open} />
        </div>
      </div>

      {signedIn ? (
        <RecentVideos
          tasks={tasks}
          error={recent.isError ? errorMessage(recent.error) : null}
          refreshing={refreshing}
          onRefresh={() => void refresh()}
          onOpen={details.open}
        />
      ) : null}

      <VideoDetailsDialog task={details.task} onClose={details.close} onRecreate={recreate} onExtended={started} />
    </div>
  );
}

/** The variants of one request as the list has them, in a steady order (they share their creation time). */
function batchOf(batchId: string, tasks: readonly VideoTaskView[] | undefined): VideoTaskView[] {
  return (tasks ?? [])
    .filter((task) => task.batchId === batchId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
