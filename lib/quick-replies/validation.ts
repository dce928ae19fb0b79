import { z } from 'zod';
import { unknownVariables } from './variables';

// Request schemas of quick replies, shared by the API, the settings form and the OpenAPI document.

export const QUICK_REPLY_BODY_MAX = 4096;

const shortcut = z.string().trim().min(1).max(64)
  .regex(/^[\p{L}\p{N}_-]+$/u, { message: 'Use letters, digits, "-" and "_" only (no spaces).' });
const body = z.string().trim().min(1).max(QUICK_REPLY_BODY_MAX).superRefine((value, ctx) => {
  const unknown = unknownVariables(value);
  if (unknown.length) {
    ctx.addIssue({
      code: 'custom',
      message: `Unknown variable {{${unknown[0]}}}: use {{contact.<field or meta key>}} or {{agent.<field>}}.`,
    });
  }
});

export const quickReplySchema = z.object({ shortcut, body });
export const quickReplyPatchSchema = z.object({ shortcut: shortcut.optional(), body: body.optional() });
export type QuickReplyInput = z.output<typeof quickReplyPatchSchema>;

export const quickReplyListQuery = z.object({ search: z.string().max(200).optional() });
