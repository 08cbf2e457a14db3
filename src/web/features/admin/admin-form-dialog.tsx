import type { FormEvent, ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/**
 * A dialog that is one form: its title, the line under it, then the fields and the footer the
 * caller gives (FormFooter, or ActionFooter for an action that cannot be taken back). Closing it
 * any way calls `onClose`; the browser's own checks are off, the caller says what is wrong.
 */
export function AdminFormDialog({
  title,
  description,
  onSubmit,
  onClose,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  /** Called on submit, the page's reload already prevented. */
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid min-w-0 gap-4" noValidate>
          {children}
        </form>
      </DialogContent>
    </Dialog>
  );
}
