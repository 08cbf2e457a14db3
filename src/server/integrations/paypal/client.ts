/**
 * The PayPal Orders v2 client (decision 0014): create, capture and read an order, with an
 * OAuth2 client-credentials token cached per (host, client id, secret) and refreshed before it
 * expires, or once when PayPal answers 401. Every call goes through requestJson (timeout,
 * User-Agent); every failure becomes a PaypalError carrying PayPal's `issue`
 * (ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED, ...).
 */
import { withoutTrailingSlashes } from "../../../shared/trim.js";
import { HttpError, requestJson, USER_AGENT } from "../http/json-request.js";
import { asNumber, asRecord, asText } from "../kie/parse.js";
import { errorForResponse, PaypalError } from "./errors.js";
import { sharedTokenCache, TokenCache } from "./token-cache.js";

export interface PaypalClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  tokens?: TokenCache;
}

export interface PaypalAmount {
  currency: string;
  /** PayPal's decimal string, e.g. "10.00". */
  value: string;
}

/** purchase_units[0].payments.captures[0]: what decides whether money moved. */
export interface PaypalCapture {
  id: string;
  /** COMPLETED | PENDING | DECLINED | FAILED | REFUNDED | PARTIALLY_REFUNDED | ... */
  status: string;
  amount: PaypalAmount | undefined;
  customId: string | undefined;
}

/** The fields of a PayPal order the product acts on. */
export interface PaypalOrder {
  id: string;
  /** CREATED | SAVED | APPROVED | VOIDED | COMPLETED | PAYER_ACTION_REQUIRED */
  status: string | undefined;
  /** purchase_units[0].custom_id: our order id. */
  customId: string | undefined;
  amount: PaypalAmount | undefined;
  /** Every capture of the first purchase unit (one for intent CAPTURE). */
  captures: PaypalCapture[];
}

export interface CreateOrderRequest {
  /** Our order id: custom_id and PayPal-Request-Id, so a retried create makes no second order. */
  orderId: string;
  amount: PaypalAmount;
  /** Shown to the buyer: the package name. */
  description: string;
}

export class PaypalClient {
  private readonly baseUrl: string;
  private readonly tokens: TokenCache;
  private readonly tokenKey: string;

  constructor(private readonly opts: PaypalClientOptions) {
    this.baseUrl = withoutTrailingSlashes(opts.baseUrl);
    this.tokens = opts.tokens ?? sharedTokenCache;
    this.tokenKey = TokenCache.key(this.baseUrl, opts.clientId, opts.clientSecret);
  }

  /** POST /v2/checkout/orders with intent CAPTURE. */
  async createOrder(req: CreateOrderRequest): Promise<PaypalOrder> {
    const body = {
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: "default",
          custom_id: req.orderId,
          description: req.description.slice(0, 127),
          amount: { currency_code: req.amount.currency, value: req.amount.value },
        },
      ],
    };
    const order = parseOrder(
      await this.call("POST", "/v2/checkout/orders", body, { "paypal-request-id": req.orderId }),
    );
    if (!order) throw new PaypalError("failed", "PayPal created no usable order (no order id in its answer)");
    return order;
  }

  /** POST /v2/checkout/orders/{id}/capture. The same `requestId` again replays the first result. */
  async captureOrder(paypalOrderId: string, requestId: string): Promise<PaypalOrder> {
    const path = `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`;
    const order = parseOrder(await this.call("POST", path, {}, { "paypal-request-id": requestId }));
    if (!order) throw new PaypalError("failed", "PayPal returned an unreadable capture");
    return order;
  }

  /** GET /v2/checkout/orders/{id}. */
  async getOrder(paypalOrderId: string): Promise<PaypalOrder> {
    const order = parseOrder(await this.call("GET", `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`));
    if (!order) throw new PaypalError("failed", "PayPal returned an unreadable order");
    return order;
  }

  /** One API call with a bearer token; a 401 gets one retry with a fresh token. */
  private async call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get(this.tokenKey, () => this.requestToken());
      const headers = {
        authorization: `Bearer ${token}`,
        "user-agent": USER_AGENT,
        prefer: "return=representation",
        ...extraHeaders,
      };
      try {
        return (
          await requestJson(`${this.baseUrl}${path}`, { method, headers, json: body, timeoutMs: this.opts.timeoutMs })
        ).body;
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        if (err.kind === "status" && err.status === 401 && attempt === 0) {
          this.tokens.invalidate(this.tokenKey, token);
          continue;
        }
        throw paypalErrorOf(err);
      }
    }
  }

  /** POST /v1/oauth2/token: Basic auth, form body, grant_type=client_credentials. */
  private async requestToken(): Promise<{ accessToken: string; expiresInSeconds: number }> {
    const basic = Buffer.from(`${this.opts.clientId}:${this.opts.clientSecret}`).toString("base64");
    let json: Record<string, unknown> | undefined;
    try {
      const res = await requestJson(`${this.baseUrl}/v1/oauth2/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${basic}`,
          "content-type": "application/x-www-form-urlencoded",
          "user-agent": USER_AGENT,
        },
        body: "grant_type=client_credentials",
        timeoutMs: this.opts.timeoutMs,
      });
      json = asRecord(res.body);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (err.kind === "status" && (err.status === 401 || err.status === 403)) {
        const error = asText(asRecord(err.body)?.error);
        throw new PaypalError(
          "unauthorized",
          `PayPal rejected the client id or secret (${error ?? `HTTP ${err.status}`}): check them and the environment (sandbox or production)`,
          error,
          err.status,
        );
      }
      throw paypalErrorOf(err);
    }
    const accessToken = asText(json?.access_token);
    if (!accessToken) throw new PaypalError("failed", "PayPal's token answer had no access_token");
    return { accessToken, expiresInSeconds: asNumber(json?.expires_in) ?? 300 };
  }
}

/** The helper's failure in PayPal's terms. */
function paypalErrorOf(err: HttpError): PaypalError {
  switch (err.kind) {
    case "timeout":
      return new PaypalError("unavailable", "PayPal did not answer in time");
    case "unreachable":
      return new PaypalError("unavailable", "PayPal could not be reached");
    case "unparsable":
      return new PaypalError("failed", "PayPal returned an unreadable answer", undefined, err.status);
    case "status":
      return errorForResponse(err.status ?? 0, err.body);
  }
}

function parseAmount(value: unknown): PaypalAmount | undefined {
  const amount = asRecord(value);
  const currency = asText(amount?.currency_code);
  const decimal = asText(amount?.value);
  return currency && decimal ? { currency, value: decimal } : undefined;
}

function parseCapture(value: unknown): PaypalCapture | undefined {
  const capture = asRecord(value);
  const id = asText(capture?.id);
  if (!capture || !id) return undefined;
  return {
    id,
    status: asText(capture.status) ?? "UNKNOWN",
    amount: parseAmount(capture.amount),
    customId: asText(capture.custom_id),
  };
}

/** Reads an order (create, capture or GET answer); undefined without an id. */
export function parseOrder(value: unknown): PaypalOrder | undefined {
  const order = asRecord(value);
  const id = asText(order?.id);
  if (!order || !id) return undefined;
  const unit = asRecord(Array.isArray(order.purchase_units) ? order.purchase_units[0] : undefined);
  const captures = asRecord(unit?.payments)?.captures;
  return {
    id,
    status: asText(order.status),
    customId: asText(unit?.custom_id),
    amount: parseAmount(unit?.amount),
    captures: Array.isArray(captures)
      ? captures.map(parseCapture).filter((c): c is PaypalCapture => c !== undefined)
      : [],
  };
}
