import { z } from 'zod';
import { broadcastRecipientStatuses, broadcastStatuses } from '@/db/schema/enum-values';
import { boolish, dateTime, filterChoice, filterChoices, queryFlag, tagList } from '@/lib/validation/fields';

// Request schemas of broadcasts, shared by the API, the dashboard's form and the OpenAPI document.

export const MAX_RECIPIENTS = 100_000;
/** A create request of 100,000 recipients is a few megabytes of JSON. */
export const BROADCAST_BODY_LIMIT = 32 * 1024 * 1024;

export const BROADCAST_STATUSES = broadcastStatuses;
export const RECIPIENT_STATUSES = broadcastRecipientStatuses;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** One recipient: a phone and that recipient's template variables, in order. */
const numberAsText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
export const recipientSchema = z.object({
  phone: z.preprocess(numberAsText, z.string().trim().min(1).max(64)),
  data: z.array(z.preprocess(numberAsText, z.string().max(1024))).default([]),
});
export type RecipientInput = z.output<typeof recipientSchema>;

const recipientList = <T extends z.ZodType>(item: T) => z.array(item).min(1, 'A broadcast needs at least one recipient.')
  .max(MAX_RECIPIENTS, `A broadcast takes at most ${MAX_RECIPIENTS.toLocaleString('en-US')} recipients.`);

/** The create body as documented. */
export const broadcastCreateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  recipients: recipientList(recipientSchema),
  start_on: dateTime().nullable().optional(),
  chat_template: z.uuid(),
  contact_tags: tagList.max(20).default([]),
  has_priority: boolish.default(false),
});

/** The same body as the route reads it: recipients are checked one by one by the service, so that errors name each by its index. */
export const broadcastCreateBody = broadcastCreateSchema.extend({ recipients: recipientList(z.unknown()) });
export type BroadcastCreate = z.output<typeof broadcastCreateBody>;

export const broadcastListQuery = z.object({
  search: z.string().max(200).optional(),
  status: filterChoice(BROADCAST_STATUSES),
  /** The dashboard's list leaves out the recipients' ids, which a large broadcast has many of. */
  include_recipients: queryFlag.transform((v) => v ?? true),
});
export type BroadcastListQuery = z.output<typeof broadcastListQuery>;

export const recipientListQuery = z.object({
  // One status or several, comma-separated (`sent,delivered,read,answered`: every recipient the "sent" counter counts).
  status: filterChoices(RECIPIENT_STATUSES),
  search: z.string().max(200).optional(),
});
export type RecipientListQuery = z.output<typeof recipientListQuery>;
