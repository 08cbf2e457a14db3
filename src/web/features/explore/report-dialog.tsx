import { useState, type FormEvent } from "react";
import { Flag, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  EXPLORE_REPORT_DETAILS_MAX,
  EXPLORE_REPORT_REASONS,
  type ExploreReportReason,
} from "../../../shared/schemas/explore";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentUser } from "@/features/auth";
import { useCaptcha } from "@/features/captcha";
import { useReportVideo } from "./explore-api";
import { REPORT_REASONS } from "./explore-words";

/**
 * Report a published video to the site's admins (issue 72): a reason and, if the visitor likes,
 * a few words (and the site's CAPTCHA when signed out and it is on); then thanks. The server limits
 * how often one may report: its 429 says the wait.
 */
export function ReportDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <Dialog open={id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {id !== null ? <ReportForm key={id} id={id} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ReportForm({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useLingui();
  const [reason, setReason] = useState<ExploreReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [missing, setMissing] = useState(false);
  const report = useReportVideo(id);
  // Signed out while the site's CAPTCHA is on, a report needs its token (the server says so).
  const { user } = useCurrentUser();
  const captcha = useCaptcha("explore-report", user === null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    // A token is checked once: a refused attempt needs a fresh one.
    report.mutate(
      { reason, details: details.trim() || undefined, captchaToken: captcha.token },
      { onError: () => captcha.reset() },
    );
  };

  if (report.isSuccess) {
    return (
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>
            <Trans>Thanks for telling us</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>An admin will look at this video. It comes off Explore if it breaks the rules.</Trans>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    );
  }

  return (
    <DialogContent className="max-w-md">
      <DialogHeader>
        <DialogTitle>
          <Trans>Report this video</Trans>
        </DialogTitle>
        <DialogDescription>
          <Trans>Tell the site's admins what is wrong with it. Your report is anonymous to its creator.</Trans>
        </DialogDescription>
      </DialogHeader>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <fieldset
          className="grid gap-2"
          aria-invalid={missing && !reason ? true : undefined}
          aria-describedby={missing && !reason ? "report-reason-missing" : undefined}
        >
          <legend className="mb-2 text-sm font-medium">
            <Trans>Reason</Trans>
          </legend>
          {EXPLORE_REPORT_REASONS.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2.5 text-sm">
              <input
                type="radio"
                name="report-reason"
                value={value}
                className="size-4 accent-violet-500"
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {t(REPORT_REASONS[value])}
            </label>
          ))}
          {missing && !reason ? (
            <p id="report-reason-missing" role="alert" className="text-sm text-red-400">
              <Trans>Choose a reason.</Trans>
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor="report-details">
            <Trans>Details (optional)</Trans>
          </Label>
          <Textarea
            id="report-details"
            rows={3}
            maxLength={EXPLORE_REPORT_DETAILS_MAX}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
        </div>
        {captcha.field}
        <ErrorAlert error={report.error} />
        <DialogFooter>
          <Button variant="ghost" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="destructive" disabled={report.isPending || !captcha.ready}>
            {report.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Flag aria-hidden="true" />
            )}
            <Trans>Send report</Trans>
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
