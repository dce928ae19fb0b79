import '@/lib/api/drf-messages';
import { zodToDrf } from '@/lib/api/zod-to-drf';
import { contactPatchSchema } from '@/lib/contacts/validation';
import { UPDATABLE_CONTACT_FIELDS } from '../validation';

type Field = (typeof UPDATABLE_CONTACT_FIELDS)[number];
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A CONTACT_UPDATE step's rendered values, checked field by field as the contact API checks them:
 * an answer that is not an email is not saved as the contact's email (the contact could then not be
 * edited without fixing it), and the step's log says which values were refused and why.
 */
export function contactUpdateValues(rendered: Record<string, string>) {
  const fields: Record<string, string | null> = {};
  const meta: Record<string, string> = {};
  const refused: string[] = [];
  for (const [key, value] of Object.entries(rendered)) {
    if (key.startsWith('meta.')) {
      meta[key.slice(5)] = value;
      continue;
    }
    if (!(UPDATABLE_CONTACT_FIELDS as readonly string[]).includes(key)) {
      refused.push(`${key}: not a field a flow can set.`);
      continue;
    }
    const checked = contactPatchSchema.pick({ [key as Field]: true } as Record<Field, true>).safeParse({ [key]: value === '' ? null : value });
    if (checked.success) fields[camel(key)] = (checked.data as Record<string, string | null | undefined>)[key] ?? null;
    else refused.push(`${key} not set to ${JSON.stringify(value)}: ${(zodToDrf(checked.error)[key] as string[] | undefined)?.[0] ?? 'not a valid value.'}`);
  }
  return { fields, meta, refused };
}
