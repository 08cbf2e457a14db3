import type { ComponentProps } from "react";
import { Toast as ToastPrimitive } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { cn } from "@/lib/cn";
import { withClassName } from "./with-class-name";

export const ToastProvider = ToastPrimitive.Provider;

export const ToastViewport = withClassName(
  ToastPrimitive.Viewport,
  cn(
    "fixed inset-x-0 bottom-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:inset-x-auto sm:right-0 sm:max-w-[420px]",
  ),
);

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-2xl shadow-black/40 backdrop-blur transition-all " +
    "data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none " +
    "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=end]:animate-toast-out",
  {
    variants: {
      variant: {
        default: "border-border bg-surface-raised/95 text-foreground",
        destructive: "border-destructive/40 bg-destructive-surface/95 text-red-50",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function ToastRoot({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export const ToastTitle = withClassName(ToastPrimitive.Title, cn("text-sm font-semibold"));

export const ToastDescription = withClassName(ToastPrimitive.Description, cn("text-sm opacity-85"));

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  const { t } = useLingui();
  return (
    <ToastPrimitive.Close
      aria-label={t`Close notification`}
      className={cn(
        "absolute right-2 top-2 rounded-md p-1 text-current opacity-60 transition hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}
