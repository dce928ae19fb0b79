import { z } from 'zod';
import { memberRole } from '@/db/schema';
import { password } from '@/lib/accounts/validation';
import { MAX_PAGE_SIZE } from '@/lib/api/pagination';
import { boolish as formBoolean } from '@/lib/validation/fields';

export const USER_FILTER_FIELDS = ['email', 'first_name', 'last_name'] as const;
export const USER_LOOKUPS = ['icontains', 'iendswith', 'iexact', 'istartswith', 'isnull'] as const;
export const USER_ORDERING_FIELDS = ['id', 'email', 'first_name', 'last_name', 'date_joined'] as const;

const text = z.string().optional();
// Left empty, a lookup filters nothing, as if left out.
const boolish = z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false', 'True', 'False', '1', '0']).optional());

/** Query of `GET /api/user`: every lookup (`email__icontains` …) of email, first_name and last_name. */
export const userListQuery = z.object({
  ...Object.fromEntries(USER_FILTER_FIELDS.flatMap((f) => [
    [`${f}__icontains`, text], [`${f}__iendswith`, text], [`${f}__iexact`, text], [`${f}__istartswith`, text],
    [`${f}__isnull`, boolish],
  ])) as Record<`${(typeof USER_FILTER_FIELDS)[number]}__${(typeof USER_LOOKUPS)[number]}`, z.ZodOptional<z.ZodString>>,
  ordering: z.string().optional(),
  search: z.string().optional(),
});
export type UserListQuery = z.output<typeof userListQuery>;

/** Optional JSON body of `GET /api/account-member`. */
export const memberListBody = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  page_size: z.coerce.number().int().min(1).transform((n) => Math.min(n, MAX_PAGE_SIZE)).optional(),
});

export const createUserSchema = z.object({
  // Trimmed, as sign-in trims what is typed: a pasted address often carries a space.
  email: z.string().trim().pipe(z.email().max(254)),
  password,
  role: z.enum(memberRole.enumValues).default('AGENT'),
  first_name: z.string().trim().max(150).default(''),
  last_name: z.string().trim().max(150).default(''),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

const names = {
  first_name: z.string().trim().max(150),
  last_name: z.string().trim().max(150),
};

/**
 * `POST /api/account-member` (ADMIN): a new member. Without `password` the answer carries an
 * invitation link, shown once, through which the member chooses one.
 */
export const addMemberSchema = z.object({
  // Trimmed, as sign-in trims what is typed: a pasted address often carries a space.
  email: z.string().trim().pipe(z.email().max(254)),
  first_name: names.first_name.default(''),
  last_name: names.last_name.default(''),
  role: z.enum(['ADMIN', 'AGENT']).default('AGENT'),
  password: password.optional(),
});
export type AddMemberInput = z.output<typeof addMemberSchema>;

/** `PATCH /api/account-member/{id}` (ADMIN). */
export const updateMemberSchema = z.object({
  ...names,
  role: z.enum(['ADMIN', 'AGENT']),
  is_active: formBoolean,
}).partial();
export type UpdateMemberInput = z.output<typeof updateMemberSchema>;

/** `PATCH /api/me`: a member's own profile. */
export const profileSchema = z.object({
  ...names,
  profile_image: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    // https only: the dashboard shows it to every teammate, and a plain-http picture would be a mixed-content hole.
    z.url({ protocol: /^https$/, message: 'Enter a valid https:// URL.' }).max(500).nullable()),
}).partial();
export type ProfileInput = z.output<typeof profileSchema>;

/** `POST /api/me/password`. */
export const passwordChangeSchema = z.object({
  current_password: z.string().min(1).max(200),
  new_password: password,
});

/** `GET /api/member-link?token=`. */
export const memberLinkQuery = z.object({ token: z.string().min(1).max(200) });

/** `POST /api/member-link`: the password chosen through an invitation or reset link. */
export const memberLinkUseSchema = z.object({ token: z.string().min(1).max(200), password });
