import { DateTime } from '@/components/ui/date-time';
import type { Contact } from '@/lib/client/types';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-2.5 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

const none = <span className="text-slate-400">—</span>;

export function ContactFields({ contact: c }: { contact: Contact }) {
  return (
    <dl className="divide-y divide-slate-100">
      <Row label="Phone"><span className="font-mono">{c.phone}</span></Row>
      <Row label="Canonical phone"><span className="font-mono">{c.canonical_phone}</span></Row>
      <Row label="First name">{c.first_name ?? none}</Row>
      <Row label="Last name">{c.last_name ?? none}</Row>
      <Row label="Email">{c.email ? <a href={`mailto:${c.email}`} className="text-indigo-600 hover:underline">{c.email}</a> : none}</Row>
      <Row label="External ID">{c.external_id ?? none}</Row>
      <Row label="External URL">
        {c.external_url ? <a href={c.external_url} target="_blank" rel="noreferrer noopener" className="text-indigo-600 hover:underline">{c.external_url}</a> : none}
      </Row>
      <Row label="Source">{c.source}</Row>
      <Row label="Phone status">{c.phone_status}</Row>
      <Row label="Default assignees">
        {c.default_assignees.length ? c.default_assignees.map((u) => `${u.first_name} ${u.last_name}`.trim() || u.email).join(', ') : none}
      </Row>
      <Row label="Created"><DateTime value={c.created_on} /></Row>
      <Row label="Last updated"><DateTime value={c.last_updated_on} /></Row>
    </dl>
  );
}
