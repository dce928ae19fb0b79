import { z } from 'zod';
import { conversationStatus } from '@/db/schema/enums';
import { boolish, filterChoice, filterChoices, pkInt, queryFlag, tagList, userRefList } from '@/lib/validation/fields';
import { CAPTION_MAX, TEXT_MAX } from './limits';

// Request schemas of conversations (list, update, partial update) and the free-form send.

const statusChoices = conversationStatus.enumValues;

export const conversationListQuery = z.object({
  contact: z.uuid().optional(),
  search: z.string().max(200).optional(),
  status: filterChoices(statusChoices),
  // A member's id, `me` (the caller), `none` (unassigned) or `any` (assigned to someone).
  assigned: z.union([z.enum(['me', 'none', 'any']), pkInt], {
    error: 'Enter a member id, "me", "none" or "any".',
  }).optional(),
  // A team's id, or `none` (in no team's queue).
  team: z.union([z.literal('none'), pkInt], { error: 'Enter a team id or "none".' }).optional(),
  // One tag name, or several separated by commas (any of them).
  tag: z.string().max(1000).optional().transform((raw) => {
    const names = (raw ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    return names.length ? names : undefined;
  }),
  unread: queryFlag,
  // Archived conversations are left out of a list unless asked for, or the list is one contact's history.
  archived: z.enum(['true', 'false', 'any'], { error: 'Enter "true", "false" or "any".' }).optional(),
  ordering: filterChoice(['created_on', '-created_on', 'last_message_on', '-last_message_on']),
});
export type ConversationListQuery = z.output<typeof conversationListQuery>;

const fields = {
  // Read only: required on update by the API's contract, but the conversation is the one in the path.
  id: z.union([z.string(), z.number()], { error: (issue) => (issue.input === undefined ? 'This field is required.' : 'Not a valid string.') }),
  contact: z.uuid(),
  assigned: userRefList,
  status: z.enum(statusChoices),
  tags: tagList,
  team: pkInt.nullable().meta({
    description: "The team whose queue the conversation is in (null: none). A conversation left with nobody assigned goes to one of the team's members by the team's assignment strategy.",
  }),
};

/** PUT /api/inbox/conversation/{id}/update: id, contact and assigned required. */
export const conversationUpdateSchema = z.object({
  ...fields, status: fields.status.optional(), tags: fields.tags.optional(), team: fields.team.optional(),
});
/**
 * PATCH /api/inbox/conversation/{id}/update: any subset. Besides replacing `assigned` or `tags`
 * whole, a change may add or remove some, applied to what is stored when it arrives: two people
 * changing them at once both keep their change (the dashboard sends these).
 */
export const conversationPatchSchema = z.object({
  id: fields.id.optional(), contact: fields.contact.optional(), assigned: fields.assigned.optional(),
  status: fields.status.optional(), tags: fields.tags.optional(), team: fields.team.optional(),
  add_assigned: userRefList.optional().meta({ description: 'Members to add to the assignees (kept with whoever else is assigned).' }),
  remove_assigned: userRefList.optional().meta({ description: 'Members to take off the assignees.' }),
  add_tags: tagList.optional().meta({ description: 'Tags to add (created when new), keeping the others.' }),
  remove_tags: tagList.optional().meta({ description: 'Tags to take off, by name, upper or lower case alike.' }),
}).superRefine((p, ctx) => {
  for (const [whole, parts] of [['assigned', ['add_assigned', 'remove_assigned']], ['tags', ['add_tags', 'remove_tags']]] as const) {
    if (p[whole] === undefined) continue;
    for (const part of parts) {
      if (p[part] !== undefined) ctx.addIssue({ code: 'custom', path: [part], message: `Send either "${whole}" or "${part}", not both.` });
    }
  }
});
export type ConversationChange = z.output<typeof conversationPatchSchema>;

export { CAPTION_MAX, TEXT_MAX };

export const freeFormMessageSchema = z.object({
  // Required unless a file is attached; with a file it is the caption.
  body: z.string().trim().max(TEXT_MAX).optional(),
  // An internal note: kept in the conversation for the agents, never sent to the contact.
  internal: boolish.default(false),
  // A file uploaded with POST /api/inbox/attachment, sent as image, document, audio or video by its type.
  attachment: z.uuid().optional(),
}).superRefine((m, ctx) => {
  if (m.attachment) {
    if (m.internal) ctx.addIssue({ code: 'custom', path: ['attachment'], message: 'Internal notes cannot carry files.' });
    if ((m.body ?? '').length > CAPTION_MAX) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: `A file's caption may have at most ${CAPTION_MAX} characters.` });
    }
  } else if (m.body === undefined) {
    ctx.addIssue({ code: 'custom', path: ['body'], message: 'This field is required.' });
  } else if (!m.body) {
    ctx.addIssue({ code: 'custom', path: ['body'], message: 'This field may not be blank.' });
  }
});
export type FreeFormMessage = z.output<typeof freeFormMessageSchema>;
