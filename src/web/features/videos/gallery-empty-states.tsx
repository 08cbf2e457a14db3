import { Link } from "wouter";
import { Clapperboard, SearchX, Sparkles } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** No video at all yet: where to make the first. */
export function NoVideosYet() {
  return (
    <Card className="mx-auto w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <span className="mb-2 flex size-14 items-center justify-center rounded-2xl border border-border bg-surface-raised">
          <Clapperboard className="size-6 text-fuchsia-300" aria-hidden="true" />
        </span>
        <CardTitle className="text-xl">
          <Trans>No videos yet</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Every video you generate is kept here with its details and downloads.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild size="lg">
          <Link href="/generate">
            <Sparkles aria-hidden="true" />
            <Trans>Create Your First Video</Trans>
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Nothing matches the search and filters. */
export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <div className="grid justify-items-center gap-4 py-12 text-center" role="status">
      <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-muted-foreground">
        <Trans>No videos match your search and filters.</Trans>
      </p>
      <Button variant="secondary" onClick={onClear}>
        <Trans>Clear filters</Trans>
      </Button>
    </div>
  );
}

/** A page past the last (videos were deleted meanwhile): back to the first. */
export function EmptyGalleryPage({ onFirstPage }: { onFirstPage: () => void }) {
  return (
    <div className="grid justify-items-center gap-4 py-12 text-center">
      <p className="text-muted-foreground">
        <Trans>This page is empty.</Trans>
      </p>
      <Button variant="secondary" onClick={onFirstPage}>
        <Trans>Back to the first page</Trans>
      </Button>
    </div>
  );
}
