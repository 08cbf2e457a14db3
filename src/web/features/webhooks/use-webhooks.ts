/** The /api page's webhook calls (decision 0047): the overview, endpoints, secrets, the delivery log, resend, test events, the threshold. */
import { useMutation, useQuery } from "@tanstack/react-query";
import { plural, t } from "@lingui/core/macro";
import { webhooksApi } from "../../../shared/api/webhooks";
import type {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointInput,
  RotatedWebhookSecret,
  UpdateWebhookEndpointInput,
  WebhookAttemptList,
  WebhookEndpointView,
  WebhooksOverview,
} from "../../../shared/schemas/webhooks";
import { call, callQuery, errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";

const readOverview = callQuery(webhooksApi.overview);

export function useWebhooks() {
  return useQuery({ queryKey: queryKeys.webhooks.overview, queryFn: readOverview, staleTime: 0 });
}

export const refreshWebhooks = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.overview });
const refreshLog = (endpointId: string) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.attempts(endpointId) });

/** Polled every second while something was just sent; every few seconds while a delivery waits for a retry; else every 15 s. */
const FAST_POLL_MS = 1_000;
/** How long after a send the delivery log polls every FAST_POLL_MS. */
export const FAST_POLL_WINDOW_MS = 15_000;
const PENDING_POLL_MS = 5_000;
const IDLE_POLL_MS = 15_000;

/** The delivery log (newest first), read while it is shown: `fastUntil` (epoch ms) asks for quick polls after a send. */
export function useDeliveryLog(endpointId: string, fastUntil: number) {
  return useQuery<WebhookAttemptList>({
    queryKey: queryKeys.webhooks.attempts(endpointId),
    queryFn: callQuery(webhooksApi.attempts, { params: { id: endpointId } }),
    staleTime: 0,
    refetchInterval: (query) => {
      if (Date.now() < fastUntil) return FAST_POLL_MS;
      return query.state.data?.attempts.some((a) => a.deliveryStatus === "pending") ? PENDING_POLL_MS : IDLE_POLL_MS;
    },
  });
}

/** Adds an endpoint: the answer is the only time the secret is seen. Errors go to the form. */
export function useCreateEndpoint(onCreated: (created: CreatedWebhookEndpoint) => void) {
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput) => call(webhooksApi.createEndpoint, { body: input }),
    onSuccess: (created) => {
      onCreated(created);
      void refreshWebhooks();
    },
  });
}

/** Puts the changed endpoint in the overview at once, then re-reads it. */
function replaceEndpoint(endpoint: WebhookEndpointView) {
  queryClient.setQueryData(queryKeys.webhooks.overview, (old: WebhooksOverview | undefined) =>
    old ? { ...old, endpoints: old.endpoints.map((e) => (e.id === endpoint.id ? endpoint : e)) } : old,
  );
  void refreshWebhooks();
}

/** PATCH an endpoint (edit, disable, enable). Errors of an edit go to its form; a toggle's to a toast. */
export function useUpdateEndpoint(onUpdated?: (endpoint: WebhookEndpointView) => void) {
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateWebhookEndpointInput }) =>
      call(webhooksApi.updateEndpoint, { params: { id }, body: changes }),
    onSuccess: (endpoint) => {
      replaceEndpoint(endpoint);
      onUpdated?.(endpoint);
    },
  });
}

export function useSetEndpointEnabled() {
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      call(webhooksApi.updateEndpoint, { params: { id }, body: { enabled } }),
    onSuccess: (endpoint) => {
      toast({
        title: endpoint.enabled ? t`Endpoint enabled` : t`Endpoint disabled`,
        description: endpoint.enabled
          ? t`New events are delivered to it again.`
          : t`No events are sent to it until you enable it again.`,
      });
      replaceEndpoint(endpoint);
    },
    onError: (error) => {
      toast({ title: t`The endpoint could not be changed`, description: errorMessage(error), variant: "destructive" });
      void refreshWebhooks();
    },
  });
}

export function useDeleteEndpoint(onDeleted: () => void) {
  return useMutation({
    mutationFn: (id: string) => call(webhooksApi.deleteEndpoint, { params: { id } }),
    onSuccess: () => {
      toast({ title: t`Endpoint deleted`, description: t`It receives no more events; its delivery log is gone too.` });
      onDeleted();
      void refreshWebhooks();
    },
    onError: (error) => {
      toast({ title: t`Delete failed`, description: errorMessage(error), variant: "destructive" });
      void refreshWebhooks();
    },
  });
}

/** A new secret for an endpoint (`id`) or for the per-request callbacks (no id). */
export function useRotateSecret(onRotated: (rotated: RotatedWebhookSecret) => void) {
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null ? call(webhooksApi.rotateCallbackSecret) : call(webhooksApi.rotateSecret, { params: { id } }),
    onSuccess: (rotated) => {
      onRotated(rotated);
      void refreshWebhooks();
    },
    onError: (error) =>
      toast({ title: t`The secret could not be changed`, description: errorMessage(error), variant: "destructive" }),
  });
}

/** "Send test event" (endpoint id) and "Resend" (delivery id): both queue a delivery; `onQueued` gets the endpoint whose log to watch. */
export function useSendTestEvent(onQueued: (endpointId: string) => void) {
  return useMutation({
    mutationFn: (endpointId: string) => call(webhooksApi.sendTest, { params: { id: endpointId } }),
    // The answer's message is the server's English: the same said here in the active language.
    onSuccess: (_queued, endpointId) => {
      toast({
        title: t`Test event queued`,
        description: t`Test event queued: it appears in the delivery log in a moment`,
      });
      onQueued(endpointId);
      void refreshLog(endpointId);
    },
    onError: (error) =>
      toast({ title: t`The test event could not be sent`, description: errorMessage(error), variant: "destructive" }),
  });
}

export function useResendDelivery(endpointId: string, onQueued: () => void) {
  return useMutation({
    mutationFn: (deliveryId: string) => call(webhooksApi.resend, { params: { id: deliveryId } }),
    onSuccess: () => {
      toast({ title: t`Delivery queued again`, description: t`The event will be sent again in a moment` });
      onQueued();
      void refreshLog(endpointId);
    },
    onError: (error) => toast({ title: t`Resend failed`, description: errorMessage(error), variant: "destructive" }),
  });
}

export function useSetLowCreditsThreshold() {
  return useMutation({
    mutationFn: (threshold: number | null) => call(webhooksApi.setLowCredits, { body: { threshold } }),
    onSuccess: (_ok, threshold) => {
      toast({
        title: threshold === null ? t`Low balance alert turned off` : t`Low balance alert saved`,
        description:
          threshold === null
            ? t`No credits.low events will be sent.`
            : plural(threshold, {
                one: "credits.low is sent when your balance falls below # credit.",
                other: "credits.low is sent when your balance falls below # credits.",
              }),
      });
      void refreshWebhooks();
    },
    onError: (error) =>
      toast({ title: t`The alert could not be saved`, description: errorMessage(error), variant: "destructive" }),
  });
}
