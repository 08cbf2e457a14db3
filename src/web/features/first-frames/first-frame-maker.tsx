import { useState } from "react";
import { LoaderCircle, Sparkles } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import type { AspectRatio } from "../../../shared/catalogue";
import { PROMPT_MAX } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import { useFirstFrame } from "./use-first-frame";

export interface FirstFrameMakerProps {
  /** The video's prompt: where the image's prompt starts. */
  videoPrompt: string;
  aspectRatio: AspectRatio;
  /** The first-frame price on the website, in credits. */
  price: number;
  signedOut: boolean;
  /** The made image's address (one of the person's uploads): it goes in the first-frame slot. */
  onMade: (imageUrl: string) => void;
}

/**
 * "Create an image" beside the first-frame slot's upload (decision 0161): a prompt (the video's to
 * start with), the price, progress while it is made, the image in the slot; a failure or refusal in
 * one line, refunded.
 */
export function FirstFrameMaker({ videoPrompt, aspectRatio, price, signedOut, onMade }: FirstFrameMakerProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [prompt, setPrompt] = useState("");
  const { state, start, reset } = useFirstFrame((url) => {
    setOpen(false);
    onMade(url);
  });
  const making = state.phase === "making";
  const priceText = plural(price, { one: "# credit", other: "# credits" });

  const openMaker = () => {
    if (state.phase === "failed") reset();
    if (!making) setPrompt(videoPrompt.trim());
    setOpen(true);
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-full"
        disabled={signedOut}
        title={signedOut ? t`Sign in to create an image` : undefined}
        onClick={openMaker}
      >
        {making ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
        {making ? <Trans>Making an image…</Trans> : <Trans>Create an image</Trans>}
      </Button>
      {state.phase === "failed" && !open ? (
        <p role="alert" className="text-xs font-medium text-red-400">
          {state.message}
        </p>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Trans>Create the first frame</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                Describe the picture the video starts from. It is made in {aspectRatio}, kept with your uploads and put
                in the first-frame slot.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (!making && prompt.trim()) void start(prompt.trim(), aspectRatio);
            }}
          >
            <label htmlFor="first-frame-prompt" className="text-sm font-medium">
              <Trans>Image prompt</Trans>
            </label>
            <Textarea
              id="first-frame-prompt"
              rows={4}
              maxLength={PROMPT_MAX}
              value={prompt}
              disabled={making}
              onChange={(event) => setPrompt(event.target.value)}
              placeholder={t`A lighthouse on a cliff at dusk, warm light, wide shot`}
            />
            {making ? (
              <p role="status" className="flex items-center gap-2 text-sm text-violet-200">
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                <Trans>Making your image. This takes about half a minute.</Trans>
              </p>
            ) : null}
            {state.phase === "failed" ? (
              <p role="alert" className="text-sm font-medium text-red-400">
                {state.message}
              </p>
            ) : null}
            <DialogFooter className="items-center gap-2 sm:justify-between">
              <span className="text-sm text-muted-foreground">
                <Trans>Costs {priceText}. Refunded if it fails.</Trans>
              </span>
              <Button type="submit" disabled={making || !prompt.trim()}>
                {making ? <Trans>Making…</Trans> : <Trans>Create image</Trans>}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
