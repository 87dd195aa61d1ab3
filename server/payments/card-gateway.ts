// Card payments go through Stripe's official SDK, pointed at Stripe or, in tests, at a local server speaking its API.
import Stripe from "stripe";
import type { StripeSettings } from "../env";

/** What the card commands need: the SDK, the webhook secret, our fee and where Stripe sends people back. */
export interface CardGateway {
  stripe: Stripe;
  webhookSecret: string;
  feePercent: number;
  publicUrl: string;
}

/**
 * The gateway when Stripe is configured; nothing calls Stripe until a payment or an onboarding
 * asks. The SDK retries a failed call twice with the same idempotency key.
 */
export function openCardGateway(settings: StripeSettings | undefined, publicUrl: string): CardGateway | undefined {
  if (!settings) return undefined;
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "EVA marketplace" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  return { stripe, webhookSecret: settings.webhookSecret, feePercent: settings.feePercent, publicUrl };
}
