import { z } from 'zod';

// The Cloud API webhook payload, as far as this service reads it. Everything is optional: a
// provider may add fields or leave some out, and unknown message types are stored as `unknown`.

// Read through lenient schemas (readCloudPayload): a field of the wrong type is dropped, a list
// that is not a list is empty, and a message or status that is not an object, or has no string
// id, is kept as one without an id, which is skipped and counted. A signed callback is the
// provider's: it is answered 200 with what was skipped rather than refused, since a refused one is
// sent again and again.

const text = z.string().optional().catch(undefined);
/** An id or a number as the provider may write it (digits), as text. */
const digits = z.union([z.string(), z.number().transform(String)]).optional().catch(undefined);
const list = <T extends z.ZodType>(item: T) => z.array(item).optional().catch(undefined);
const part = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape).optional().catch(undefined);

const cloudMedia = part({ id: text, link: text, mime_type: text, sha256: text, caption: text, filename: text, voice: z.boolean().optional().catch(undefined) });
export type CloudMedia = NonNullable<z.output<typeof cloudMedia>>;

const cloudError = z.looseObject({
  code: z.union([z.number(), z.string()]).optional().catch(undefined), title: text, message: text, error_data: part({ details: text }),
});
export type CloudError = z.output<typeof cloudError>;

const cloudInboundMessage = z.looseObject({
  id: z.string().catch(''),
  from: z.union([z.string(), z.number().transform(String)]).catch(''),
  timestamp: digits,
  type: text,
  context: part({ from: text, id: text }),
  text: part({ body: text }),
  image: cloudMedia, document: cloudMedia, audio: cloudMedia, video: cloudMedia, sticker: cloudMedia,
  location: part({ latitude: z.number().optional().catch(undefined), longitude: z.number().optional().catch(undefined), name: text, address: text, url: text }),
  contacts: list(z.looseObject({})),
  interactive: part({
    type: text,
    button_reply: part({ id: text, title: text }),
    list_reply: part({ id: text, title: text, description: text }),
    nfm_reply: part({ name: text, body: text, response_json: text }),
  }),
  button: part({ text, payload: text }),
  reaction: part({ message_id: text, emoji: text }),
  errors: list(cloudError),
}).catch({ id: '', from: '' });
export type CloudInboundMessage = z.output<typeof cloudInboundMessage>;

const cloudStatus = z.looseObject({
  id: z.string().catch(''),
  status: z.string().catch(''),
  /** What the send said in `biz_opaque_callback_data`: our message's id. */
  biz_opaque_callback_data: text,
  timestamp: digits,
  recipient_id: digits,
  errors: list(cloudError),
}).catch({ id: '', status: '' });
export type CloudStatus = z.output<typeof cloudStatus>;

const cloudChangeValue = part({
  messaging_product: text,
  metadata: part({ display_phone_number: text, phone_number_id: digits }),
  contacts: list(z.looseObject({ profile: part({ name: text }), wa_id: digits }).catch({})),
  messages: list(cloudInboundMessage),
  statuses: list(cloudStatus),
});
export type CloudChangeValue = NonNullable<z.output<typeof cloudChangeValue>>;

const cloudWebhookPayload = z.looseObject({
  object: text,
  entry: list(z.looseObject({ id: digits, changes: list(z.looseObject({ field: text, value: cloudChangeValue }).catch({})) }).catch({})),
}).catch({});
export type CloudWebhookPayload = z.input<typeof cloudWebhookPayload>;

/** A parsed callback body as this service reads it (see above); never throws. */
export function readCloudPayload(body: unknown): z.output<typeof cloudWebhookPayload> {
  return cloudWebhookPayload.parse(body);
}

export function describeError(e: CloudError | undefined): { code: string; message: string } | null {
  if (!e) return null;
  const details = e.error_data?.details ? `: ${e.error_data.details}` : '';
  return { code: String(e.code ?? 'unknown'), message: `${e.title ?? e.message ?? 'Error'}${details}` };
}
