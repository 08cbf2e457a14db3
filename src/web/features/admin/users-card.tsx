import { useState } from "react";
import { Coins } from "lucide-react";
import type { AdminUserView } from "../../../shared/schemas/admin-users";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useCurrentUser } from "@/features/auth";
import { formatCredits } from "@/lib/format";
import { useAdminUsers, useToggleUser } from "./admin-api";
import { SectionCard } from "./admin-fields";
import { QueryState } from "./query-state";
import { UserCreditsDialog } from "./user-credits-dialog";

/** User Management: Username, Email, Credits, Videos Created, Status, Actions (one row per user). */
export function UsersCard() {
  const query = useAdminUsers();
  const toggle = useToggleUser();
  const me = useCurrentUser().user;
  const [editing, setEditing] = useState<AdminUserView>();

  return (
    <SectionCard id="users-title" title="User Management" description="Disabling a user signs them out everywhere at once.">
      <QueryState query={query} what="users" empty="No users yet.">
        {(users) => (
          <div className="overflow-x-auto rounded-xl border border-border">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <caption className="sr-only">Users, newest first</caption>
              <thead className="bg-surface-raised/70 text-xs uppercase tracking-wider text-muted-foreground">
                <tr>
                  {["Username", "Email", "Credits", "Videos Created", "Status", "Actions"].map((h) => (
                    <th key={h} scope="col" className="px-4 py-3 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {users.map((u) => (
                  <tr key={u.id} aria-label={`User ${u.username}`}>
                    <td className="px-4 py-3 font-medium">
                      {u.username}
                      {u.isAdmin ? <Badge className="ml-2">Admin</Badge> : null}
                    </td>
                    <td className="px-4 py-3 text-muted-foreground">{u.email ?? "—"}</td>
                    <td className="px-4 py-3 tabular-nums">{formatCredits(u.credits)}</td>
                    <td className="px-4 py-3 tabular-nums">{u.videoCount}</td>
                    <td className="px-4 py-3">
                      <Badge variant={u.isActive ? "success" : "destructive"}>{u.isActive ? "Active" : "Disabled"}</Badge>
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex gap-2">
                        <Button variant="outline" size="sm" onClick={() => setEditing(u)} aria-label={`Edit credits of ${u.username}`}>
                          <Coins aria-hidden="true" />
                          Edit Credits
                        </Button>
                        <Button
                          variant={u.isActive ? "outline" : "secondary"}
                          size="sm"
                          disabled={u.username === me?.username || toggle.isPending}
                          onClick={() => toggle.mutate({ id: u.id, isActive: !u.isActive })}
                          aria-label={`${u.isActive ? "Disable" : "Enable"} ${u.username}`}
                        >
                          {u.isActive ? "Disable" : "Enable"}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {editing ? <UserCreditsDialog key={editing.id} user={editing} onClose={() => setEditing(undefined)} /> : null}
    </SectionCard>
  );
}
