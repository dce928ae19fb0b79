import { formatPhone } from '@/lib/phone/format';
import { DateTime } from '@/components/ui/date-time';
import type { Contact } from '@/lib/client/types';
import { DetailRow } from '@/components/ui/detail-row';

const none = <span className="text-slate-500">—</span>;

export function ContactFields({ contact: c }: { contact: Contact }) {
  return (
    <dl className="divide-y divide-slate-100">
      <DetailRow label="Phone"><span className="font-mono">{formatPhone(c.canonical_phone)}</span></DetailRow>
      <DetailRow label="As entered"><span className="font-mono">{c.phone}</span></DetailRow>
      <DetailRow label="First name">{c.first_name ?? none}</DetailRow>
      <DetailRow label="Last name">{c.last_name ?? none}</DetailRow>
      <DetailRow label="Email">{c.email ? <a href={`mailto:${c.email}`} className="text-indigo-600 hover:underline">{c.email}</a> : none}</DetailRow>
      <DetailRow label="External ID">{c.external_id ?? none}</DetailRow>
      <DetailRow label="External URL">
        {c.external_url ? <a href={c.external_url} target="_blank" rel="noreferrer noopener" className="text-indigo-600 hover:underline">{c.external_url}</a> : none}
      </DetailRow>
      <DetailRow label="Source">{c.source}</DetailRow>
      <DetailRow label="Phone status">{c.phone_status}</DetailRow>
      <DetailRow label="Default assignees">
        {c.default_assignees.length ? c.default_assignees.map((u) => `${u.first_name} ${u.last_name}`.trim() || u.email).join(', ') : none}
      </DetailRow>
      <DetailRow label="Created"><DateTime value={c.created_on} /></DetailRow>
      <DetailRow label="Last updated"><DateTime value={c.last_updated_on} /></DetailRow>
    </dl>
  );
}
