import { z } from 'zod';
import { named } from './named';

// Shapes shared by every resource: DRF error bodies, the pagination envelope, embedded users and tags.
// The response schemas (this directory) are the one definition of each response shape: the
// serializers return their `z.output`, the OpenAPI document converts them, and the dashboard's wire
// types (lib/client/types.ts) are inferred from them. So they import nothing but zod and one another
// (and the plain enum lists of db/schema/enum-values.ts): the browser may load them.

export const dateTime = () => z.iso.datetime().meta({ description: 'ISO 8601, UTC' });
export const uuid = () => z.uuid();
export const id = () => z.int().positive();

export const DetailError = named('DetailError', z.object({
  detail: z.string(),
}).meta({ description: 'Django REST Framework error body for errors not tied to a field.', example: { detail: 'Not found.' } }));

/** A field's messages, or for a nested object its own field map, or for a list one entry per item. */
export const FieldErrorValue: z.ZodType = named('FieldErrorValue', z.lazy(() => z.union([
  z.array(z.string()),
  ValidationError,
  z.array(z.union([ValidationError, z.array(z.string())])),
])));

export const ValidationError: z.ZodType = named('ValidationError', z.record(z.string(), FieldErrorValue).meta({
  description: 'Field validation errors: each field maps to its messages; nested objects and list items nest the '
    + 'same way; errors not tied to one field are under `non_field_errors`.',
  example: { phone: ['This field is required.'], email: ['Enter a valid email address.'] },
}));

export const ShortUser = named('ShortUser', z.object({
  id: id(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.email(),
}).meta({ description: 'Embedded short form of an account member.' }));

export const AssignedUser = named('AssignedUser', z.object({
  id: id(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.email(),
  profile_image: z.string().nullable().meta({ description: 'URL of the member\'s picture, or null.' }),
  account: id().meta({ description: 'The account id.' }),
  date_joined: dateTime(),
}).meta({ description: 'An account member as assignee: conversation `assigned`, contact `default_assignees`.' }));

export const Tag = named('Tag', z.object({ id: id(), name: z.string().max(100) }));

export const Group = named('Group', z.object({ id: id(), name: z.string() }));

function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.int().min(0).meta({ description: 'Total number of items.' }),
    next: z.url().nullable().meta({ description: 'Absolute URL of the next page (every other query parameter kept), or null.' }),
    previous: z.url().nullable().meta({ description: 'Absolute URL of the previous page, or null.' }),
    results: z.array(item),
  });
}

/** The pagination envelope around items of `T`. */
export type PageSchema<T extends z.ZodType> = ReturnType<typeof pageSchema<T>>;

/** A page of items of type `T` as sent: `{count, next, previous, results}`. */
export type Page<T> = z.output<PageSchema<z.ZodType<T>>>;

const pages = new Map<z.ZodType, z.ZodType>();
/** `{count, next, previous, results}`, named `Paginated<Item>List` as drf-spectacular does. */
export function paginated<T extends z.ZodType>(item: T, itemName: string): PageSchema<T> {
  const cached = pages.get(item);
  if (cached) return cached as PageSchema<T>;
  const page = named(`Paginated${itemName}List`, pageSchema(item));
  pages.set(item, page);
  return page;
}
