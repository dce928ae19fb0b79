import type { z } from 'zod';
import type { channels } from '@/db/schema';
import type { CredentialCheck as CredentialCheckSchema } from '@/lib/openapi/schemas/messaging';

// One interface for every channel provider. Implementations: sandbox/ (offline, simulated phone)
// and cloud-api/ (the WhatsApp Cloud API wire format against a configurable base URL).

export type ChannelRecord = typeof channels.$inferSelect;

/**
 * A provider refused or failed a request (bad credentials, its own error answer, an unreadable
 * body, a network failure). Its message is written for the person who asked and may be shown
 * to them; any other error is ours and never is.
 */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Decrypted `settings_encrypted` of a cloud_api channel. */
export type CloudApiSettings = {
  /** Set once the provider completed the verification handshake. */
  webhook_set?: boolean;
  phone_number_id: string;
  business_account_id: string;
  access_token: string;
  app_secret: string;
  verify_token: string;
  app_id: string;
  base_url: string;
  api_version: string;
};

export type WireTemplate = { name: string; language: { code: string }; components?: object[] };

/** A file the provider fetches by URL, sent as the message type its media type maps to. */
export type OutboundMedia = { type: 'image' | 'document' | 'audio' | 'video'; link: string; mime_type: string; filename: string };

export type OutboundMessage = (
  /** `template` is the Cloud API's wire object: {name, language: {code}, components?} with the variables in place. */
  | { kind: 'template'; to: string; template: WireTemplate }
  | { kind: 'text'; to: string; body: string }
  /** `interactive` is the Cloud API's wire object: {type: 'button' | 'list', body: {text}, action}. */
  | { kind: 'interactive'; to: string; interactive: WireInteractive }
  | { kind: 'media'; to: string; media: OutboundMedia; caption?: string }
) & {
  /**
   * Our message's id, which the provider hands back with every status of the message (the Cloud
   * API's `biz_opaque_callback_data`): how a send whose answer was lost is recognised (status.ts).
   */
  reference: string;
};

/** Reply buttons (at most 3) or a list (at most 10 rows), as the Cloud API takes them. */
export type WireInteractive =
  | { type: 'button'; body: { text: string }; footer?: { text: string }; action: { buttons: { type: 'reply'; reply: { id: string; title: string } }[] } }
  | {
    type: 'list'; body: { text: string }; footer?: { text: string };
    action: { button: string; sections: { title?: string; rows: { id: string; title: string; description?: string }[] }[] };
  };

export type SendOutcome =
  | { ok: true; providerId: string }
  /**
   * `retry`: throttling or a transient failure worth trying again; otherwise permanent.
   * `throttled`: the provider asked to slow down (the channel pauses; the send is never given up).
   */
  | { ok: false; retry: boolean; throttled?: boolean; code: string; message: string }
  /** The claim was refused (another job has the message) or came too late: nothing went out. */
  | { ok: false; calledOff: true }
  /**
   * The request went out whole and no answer came (a timeout, a connection cut mid-answer): the
   * provider may have sent it, so it is not sent again blindly (send-job.ts settles it).
   */
  | { ok: false; uncertain: true; code: string; message: string };

/** Claims the message for this send (at most once); false when it must not go out. */
export type SendClaim = () => Promise<boolean>;

/** The answer of POST /api/channels/{id}/test-credentials (lib/openapi/schemas/messaging.ts). */
export type CredentialCheck = z.output<typeof CredentialCheckSchema>;

/** A template as the provider lists it (Cloud API `message_templates` item). */
export type ProviderTemplate = {
  id?: string;
  name: string;
  language: string;
  category?: string;
  status?: string;
  components?: unknown;
  rejected_reason?: string;
};

export interface ChannelProvider {
  /**
   * One provider call, bounded by its timeout. `claim` is called once the call is ready to go and
   * nothing of it can be processed yet; the send goes out only if it resolves true.
   */
  send(message: OutboundMessage, claim: SendClaim): Promise<SendOutcome>;
  testCredentials(): Promise<CredentialCheck>;
  /** Every template of the account at the provider; null when templates are managed locally. */
  fetchTemplates(): Promise<ProviderTemplate[] | null>;
  /** Submits a new template for review; its provider id and first status. Throws ProviderError when refused. */
  submitTemplate(template: TemplateDraft): Promise<{ id: string | null; status: string }>;
  /** Deletes a template (every language of the name) at the provider. Throws ProviderError when refused. */
  removeTemplate(name: string): Promise<void>;
}

export type TemplateDraft = {
  name: string; language: string; category: string; components: object[];
  /** NAMED when the placeholders are named: the provider reads them as numbered otherwise. */
  parameter_format?: 'NAMED';
};
