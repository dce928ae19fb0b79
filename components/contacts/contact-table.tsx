import { formatPhone } from '@/lib/phone/format';
import Link from 'next/link';
import { DateTime } from '@/components/ui/date-time';
import { Table, Td, Th } from '@/components/ui/table';
import type { Contact } from '@/lib/client/types';
import { contactName } from './contact-name';
import { TagList } from './tag-list';

export function ContactTable({ contacts }: { contacts: Contact[] }) {
  return (
    <Table label="Contacts">
      <thead><tr><Th>Name</Th><Th>Phone</Th><Th>Email</Th><Th>Tags</Th><Th>Created</Th></tr></thead>
      <tbody className="divide-y divide-slate-100">
        {contacts.map((c) => (
          <tr key={c.id} className="hover:bg-slate-50">
            <Td className="font-medium">
              <Link href={`/contacts/${c.id}`} className="text-slate-900 hover:text-indigo-600 hover:underline">{contactName(c)}</Link>
            </Td>
            <Td className="font-mono text-xs">{formatPhone(c.canonical_phone)}</Td>
            <Td>{c.email ?? <span className="text-slate-400">—</span>}</Td>
            <Td><TagList tags={c.tags} max={3} href={(name) => `/contacts?tag=${encodeURIComponent(name)}`} /></Td>
            <Td><DateTime value={c.created_on} /></Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
