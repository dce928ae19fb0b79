import { z } from 'zod';
import { memberRole } from '@/db/schema';
import { password } from '@/lib/accounts/validation';
import { MAX_PAGE_SIZE } from '@/lib/api/pagination';

export const USER_FILTER_FIELDS = ['email', 'first_name', 'last_name'] as const;
export const USER_LOOKUPS = ['icontains', 'iendswith', 'iexact', 'istartswith', 'isnull'] as const;
export const USER_ORDERING_FIELDS = ['id', 'email', 'first_name', 'last_name', 'date_joined'] as const;

const text = z.string().optional();
const boolish = z.enum(['true', 'false', 'True', 'False', '1', '0']).optional();

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
  email: z.email().max(254),
  password,
  role: z.enum(memberRole.enumValues).default('AGENT'),
  first_name: z.string().trim().max(150).default(''),
  last_name: z.string().trim().max(150).default(''),
});
export type CreateUserInput = z.input<typeof createUserSchema>;
