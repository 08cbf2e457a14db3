import { LoaderCircle, type LucideIcon } from "lucide-react";

/** A button's icon: a spinner while its action runs, `icon` otherwise. */
export function BusyIcon({ busy, icon: Icon }: { busy: boolean; icon: LucideIcon }) {
  return busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />;
}
