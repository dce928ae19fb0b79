import { formatPhone } from '@/lib/phone/format';
import Link from 'next/link';
import { DateTime } from '@/components/ui/date-time';
import { Table, Td, Th } from '@/components/ui/table';
import type { Contact } from '@/lib/client/types';
import { contactName } from './contact-name';
import { TagList } from './tag-list';

/** With `selection`, each row has a checkbox and the header one for the whole page. */
export type Selection = { ids: Set<string>; toggle: (id: string, on: boolean) => void; toggleAll: (on: boolean) => void };

export function ContactTable({ contacts, selection }: { contacts: Contact[]; selection?: Selection }) {
  const all = selection && contacts.length > 0 && contacts.every((c) => selection.ids.has(c.id));
  return (
    <Table label="Contacts">
      <thead>
        <tr>
          {selection && (
            <Th className="w-10">
              <input type="checkbox" aria-label="Select every contact on this page" checked={!!all} onChange={(e) => selection.toggleAll(e.target.checked)} />
            </Th>
          )}
          <Th>Name</Th><Th>Phone</Th><Th>Email</Th><Th>Tags</Th><Th>Created</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {contacts.map((c) => (
          <tr key={c.id} className={selection?.ids.has(c.id) ? 'bg-indigo-50/60' : 'hover:bg-slate-50'}>
            {selection && (
              <Td className="w-10">
                <input type="checkbox" aria-label={`Select ${contactName(c)}`} checked={selection.ids.has(c.id)} onChange={(e) => selection.toggle(c.id, e.target.checked)} />
              </Td>
            )}
            <Td className="font-medium">
              <Link href={`/contacts/${c.id}`} className="text-slate-900 hover:text-indigo-600 hover:underline">{contactName(c)}</Link>
              {c.opted_out && (
                <span data-testid="opted-out-badge" title="Opted out of marketing messages"
                  className="ml-2 rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-800">Opted out</span>
              )}
            </Td>
            <Td className="font-mono text-xs">{formatPhone(c.canonical_phone)}</Td>
            <Td>{c.email ?? <span className="text-slate-500">—</span>}</Td>
            <Td><TagList tags={c.tags} max={3} href={(name) => `/contacts?tag=${encodeURIComponent(name)}`} /></Td>
            <Td><DateTime value={c.created_on} /></Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
