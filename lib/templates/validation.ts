import { z } from 'zod';
import { templateCategory, templateStatus } from '@/db/schema/enums';
import { filterChoices, pkInt } from '@/lib/validation/fields';
import { placeholderProblem } from './variables';
import { phoneFor } from '@/lib/contacts/validation';

// Template list filters: `category` and `status` take one value or comma-separated
// values, `category__in` and `status__in` are aliases; `search` matches name and status;
// `ordering` takes a field name, `-` for descending.

export const TEMPLATE_ORDERING_FIELDS = ['name', 'language', 'category', 'status', 'created_on', 'updated_on'] as const;

export const categoryList = filterChoices(templateCategory.enumValues);
export const statusList = filterChoices(templateStatus.enumValues);

export const templateListQuery = z.object({
  category: categoryList,
  category__in: categoryList,
  status: statusList,
  status__in: statusList,
  search: z.string().max(200).optional(),
  ordering: z.string().max(200).optional(),
  channel: pkInt.optional(),
});
export type TemplateListQuery = z.output<typeof templateListQuery>;

export const templateSendSchema = z.object({
  phone: z.string().trim().min(1).max(64),
  // A blank value would reach the contact as a gap in the text ("Hi , welcome to !").
  variables: z.array(z.union([z.string(), z.number()]).transform(String)
    .pipe(z.string().max(1024).refine((v) => v.trim() !== '', 'This field may not be blank.'))).default([]),
});
export type TemplateSend = z.output<typeof templateSendSchema>;

const sendSchemas = new Map<string, typeof templateSendSchema>();

/**
 * The send schema with the phone read in the account's country, so a bad phone is reported with
 * the variables' errors in one answer.
 */
export function templateSendSchemaFor(country: string): typeof templateSendSchema {
  let found = sendSchemas.get(country);
  if (!found) {
    sendSchemas.set(country, (found = templateSendSchema.extend({
      phone: phoneFor(country),
    })));
  }
  return found;
}

/** `manage createtemplate`: a template for the sandbox (or another channel) of an account. */
export const templateCreateSchema = z.object({
  name: z.string().trim().min(1).max(512).regex(/^[a-z0-9_]+$/, 'Use lowercase letters, digits and underscores.'),
  language: z.string().trim().min(2).max(16),
  category: z.enum(templateCategory.enumValues),
  status: z.enum(templateStatus.enumValues).default('approved'),
  components: z.array(z.looseObject({ type: z.string() })).default([]),
});
export type TemplateCreate = z.output<typeof templateCreateSchema>;

const COMPONENT_TYPES = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'] as const;

/** The provider's limit on a TEXT header. */
export const HEADER_TEXT_MAX = 60;

/** A URL button's variable sits at the end of its address ("https://x.test/orders/{{1}}"). */
const PLACEHOLDER_SUFFIX = /\{\{[^}]*\}\}$/;

/** An http(s) address with a host name a browser could open. */
function webAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !/\s/.test(text);
  } catch {
    return false;
  }
}

/**
 * `POST /api/channels/chat/template` (ADMIN): a new template on a channel, in the provider's
 * `message_templates` shape: components HEADER (TEXT), BODY (required), FOOTER, BUTTONS.
 */
export const templateDraftSchema = z.object({
  channel: pkInt,
  name: z.string().trim().min(1).max(512).regex(/^[a-z0-9_]+$/, 'Use lowercase letters, digits and underscores.'),
  language: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Enter a language code such as "en" or "pt_BR".'),
  category: z.enum(templateCategory.enumValues),
  components: z.array(z.object({
    type: z.enum(COMPONENT_TYPES),
    format: z.enum(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION']).optional(),
    text: z.string().max(1024).optional(),
    example: z.record(z.string(), z.array(z.union([
      z.string(), z.array(z.string()),
      // Named placeholders' samples: `{"body_text_named_params": [{"param_name": "first_name", "example": "Ana"}]}`.
      z.object({ param_name: z.string().min(1).max(100), example: z.string().max(1024) }),
    ]))).optional()
      .meta({ description: 'Sample values for the variables, as the provider asks (`header_text`, `body_text`, `body_text_named_params`).' }),
    buttons: z.array(z.object({
      type: z.enum(['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE']),
      text: z.string().min(1).max(25),
      url: z.string().max(2000).optional(),
      phone_number: z.string().max(20).optional(),
      example: z.array(z.string()).optional(),
    })).max(10).optional(),
  })).min(1).max(4).superRefine((parts, ctx) => {
    const body = parts.find((p) => p.type === 'BODY') as { text?: unknown } | undefined;
    if (!body || typeof body.text !== 'string' || !body.text.trim()) {
      ctx.addIssue({ code: 'custom', message: 'A template needs a BODY component with text.' });
    } else if (body.text.length > 1024) {
      ctx.addIssue({ code: 'custom', message: 'The body may have at most 1024 characters.' });
    }
    if (new Set(parts.map((p) => p.type)).size !== parts.length) ctx.addIssue({ code: 'custom', message: 'Each component type may appear once.' });
    for (const part of parts) {
      const problem = part.type === 'BODY' || part.type === 'HEADER' ? placeholderProblem(part.text) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: `${part.type === 'BODY' ? 'Body' : 'Header'}: ${problem}` });
    }
    // What the provider would refuse, or a template this service could not fill when sending.
    const header = parts.find((p) => p.type === 'HEADER');
    if (header) {
      if ((header.format ?? 'TEXT') !== 'TEXT') {
        ctx.addIssue({ code: 'custom', message: 'Header: only a TEXT header can be sent from here (a media header needs a file with every send).' });
      } else if (!header.text?.trim()) {
        ctx.addIssue({ code: 'custom', message: 'Header: a TEXT header needs its text.' });
      } else if (header.text.length > HEADER_TEXT_MAX) {
        ctx.addIssue({ code: 'custom', message: `Header: at most ${HEADER_TEXT_MAX} characters.` });
      }
    }
    const buttons = parts.find((p) => p.type === 'BUTTONS')?.buttons ?? [];
    buttons.forEach((b, i) => {
      const at = `Button ${i + 1} ("${b.text}")`;
      if (b.type === 'URL') {
        if (!b.url?.trim()) ctx.addIssue({ code: 'custom', message: `${at}: a URL button needs its url.` });
        else if (!webAddress(b.url.replace(PLACEHOLDER_SUFFIX, ''))) {
          ctx.addIssue({ code: 'custom', message: `${at}: enter a full http(s) address, such as https://example.com/orders/{{1}}.` });
        } else {
          const problem = placeholderProblem(b.url);
          if (problem) ctx.addIssue({ code: 'custom', message: `${at}: ${problem}` });
        }
      }
      if (b.type === 'PHONE_NUMBER' && !/^\+?\d[\d\s-]{5,19}$/.test(b.phone_number?.trim() ?? '')) {
        ctx.addIssue({ code: 'custom', message: `${at}: a phone number button needs its number, such as +5215512345678.` });
      }
    });
  }),
});
export type TemplateDraftInput = z.output<typeof templateDraftSchema>;
