import { z } from 'zod';

// What a person acting as a contact on the sandbox phone can send: text, a button choice
// (a template's quick reply, or an interactive reply button), a file, or a location.

export const SANDBOX_INBOUND_TYPES = ['text', 'button', 'interactive', 'image', 'document', 'audio', 'video', 'location'] as const;

export const sandboxInboundSchema = z.object({
  phone: z.string().trim().min(1).max(64),
  type: z.enum(SANDBOX_INBOUND_TYPES).default('text'),
  text: z.string().trim().min(1).max(4096).optional(),
  button: z.object({ id: z.string().max(256).optional(), title: z.string().trim().min(1).max(256) }).optional(),
  /** With `interactive`: a tapped reply button (`button_reply`) or a row picked from a list (`list_reply`). */
  interactive_type: z.enum(['button_reply', 'list_reply']).default('button_reply'),
  media: z.object({
    link: z.url({ protocol: /^https?$/ }).max(2000),
    mime_type: z.string().trim().min(1).max(100),
    filename: z.string().max(255).optional(),
    caption: z.string().max(1024).optional(),
  }).optional(),
  location: z.object({
    latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180),
    name: z.string().max(200).optional(), address: z.string().max(500).optional(),
  }).optional(),
  /** Display name of the contact, as a provider reports the profile name. */
  name: z.string().trim().max(100).optional(),
}).superRefine((v, ctx) => {
  const need = v.type === 'text' ? 'text' : v.type === 'button' || v.type === 'interactive' ? 'button'
    : v.type === 'location' ? 'location' : 'media';
  if (v[need] === undefined) ctx.addIssue({ code: 'custom', path: [need], message: 'This field is required.' });
});
export type SandboxInbound = z.output<typeof sandboxInboundSchema>;

export const sandboxMessagesQuery = z.object({
  phone: z.string().trim().min(1).max(64),
});
