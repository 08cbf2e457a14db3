import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";

/** The one card of the link pages (forgot, reset, confirm), centred like the sign-in card. */
export function LinkCard(props: { icon: LucideIcon; title: string; description?: ReactNode; children?: ReactNode }) {
  const Icon = props.icon;
  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10 sm:px-6 lg:py-16">
      <Card className="w-full">
        <CardHeader>
          <span className="mb-2 flex size-12 items-center justify-center rounded-2xl border border-border bg-surface-raised">
            <Icon className="size-5 text-fuchsia-300" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{props.title}</h1>
          {props.description ? <CardDescription>{props.description}</CardDescription> : null}
        </CardHeader>
        {props.children ? <CardContent className="grid gap-5">{props.children}</CardContent> : null}
      </Card>
    </div>
  );
}
