import { z } from 'zod';
import { webhookDeliveryStatus, webhookEventType } from '@/db/schema';
import { boolish, dateTime, filterChoice, webUrl } from '@/lib/validation/fields';

export const WEBHOOK_EVENTS = webhookEventType.enumValues;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

const events = z.array(z.enum(WEBHOOK_EVENTS)).min(1, { message: 'This list may not be empty.' })
  .transform((list) => [...new Set(list)]);
const target = webUrl(255);

/** POST: events and target required. `id` is read-only and ignored. */
export const subscriptionSchema = z.object({ events, target, is_active: boolish.default(true) });
/** PUT: events and target required; `is_active` left as it is unless sent, so a full update
 * never silently re-enables a subscription the system disabled. */
export const subscriptionReplaceSchema = z.object({ events, target, is_active: boolish.optional() });
/** PATCH: any subset. */
export const subscriptionPatchSchema = z.object({ events: events.optional(), target: target.optional(), is_active: boolish.optional() });

export type SubscriptionInput = z.output<typeof subscriptionSchema>;
export type SubscriptionPatch = z.output<typeof subscriptionPatchSchema>;

export const subscriptionListQuery = z.object({ search: z.string().max(255).optional() });

export const resendFailedSchema = z.object({ since: dateTime() });

/** GET …/deliveries: the log, optionally of one status. */
export const deliveryListQuery = z.object({ status: filterChoice(webhookDeliveryStatus.enumValues) });
