import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";

/** Back from Google (?leave=delete): the dialog opens at once, and the address is cleaned. */
export function useOpenedByGoogleReturn(): boolean {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [returned] = useState(() => new URLSearchParams(search).get("leave") === "delete");
  useEffect(() => {
    if (returned) navigate("/my-account", { replace: true });
  }, [returned, navigate]);
  return returned;
}
