import { CircleAlert, CircleCheck } from "lucide-react";
import { TOAST_DURATION_MS, dismissToast, useToasts } from "@/hooks/use-toast";
import { ToastClose, ToastDescription, ToastProvider, ToastRoot, ToastTitle, ToastViewport } from "./toast";

/** Renders the toast queue (5000 ms each, swipe 50 px to dismiss, F8 focuses the viewport). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant, open }) => {
        const Icon = variant === "destructive" ? CircleAlert : CircleCheck;
        return (
          <ToastRoot
            key={id}
            open={open}
            variant={variant}
            type={variant === "destructive" ? "foreground" : "background"}
            onOpenChange={(next) => {
              if (!next) dismissToast(id);
            }}
          >
            <Icon
              className={
                variant === "destructive"
                  ? "mt-0.5 size-5 shrink-0 text-red-300"
                  : "mt-0.5 size-5 shrink-0 text-primary"
              }
              aria-hidden="true"
            />
            <div className="grid gap-1">
              <ToastTitle>{title}</ToastTitle>
              {description ? <ToastDescription>{description}</ToastDescription> : null}
            </div>
            <ToastClose />
          </ToastRoot>
        );
      })}
      <ToastViewport hotkey={["F8"]} />
    </ToastProvider>
  );
}
