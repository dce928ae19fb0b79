// The Cloud API webhook payload, as far as this service reads it. Everything is optional: a
// provider may add fields or leave some out, and unknown message types are stored as `unknown`.

export type CloudMedia = { id?: string; link?: string; mime_type?: string; sha256?: string; caption?: string; filename?: string; voice?: boolean };

export type CloudInboundMessage = {
  id: string;
  from: string;
  timestamp?: string;
  type?: string;
  context?: { from?: string; id?: string };
  text?: { body?: string };
  image?: CloudMedia;
  document?: CloudMedia;
  audio?: CloudMedia;
  video?: CloudMedia;
  sticker?: CloudMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string; url?: string };
  contacts?: object[];
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string; description?: string };
    nfm_reply?: { name?: string; body?: string; response_json?: string };
  };
  button?: { text?: string; payload?: string };
  reaction?: { message_id?: string; emoji?: string };
  errors?: CloudError[];
};

export type CloudError = { code?: number | string; title?: string; message?: string; error_data?: { details?: string } };

export type CloudStatus = {
  id: string;
  status: string;
  /** What the send said in `biz_opaque_callback_data`: our message's id. */
  biz_opaque_callback_data?: string;
  timestamp?: string;
  recipient_id?: string;
  errors?: CloudError[];
};

export type CloudChangeValue = {
  messaging_product?: string;
  metadata?: { display_phone_number?: string; phone_number_id?: string };
  contacts?: { profile?: { name?: string }; wa_id?: string }[];
  messages?: CloudInboundMessage[];
  statuses?: CloudStatus[];
};

export type CloudWebhookPayload = {
  object?: string;
  entry?: { id?: string; changes?: { field?: string; value?: CloudChangeValue }[] }[];
};

export function describeError(e: CloudError | undefined): { code: string; message: string } | null {
  if (!e) return null;
  const details = e.error_data?.details ? `: ${e.error_data.details}` : '';
  return { code: String(e.code ?? 'unknown'), message: `${e.title ?? e.message ?? 'Error'}${details}` };
}
