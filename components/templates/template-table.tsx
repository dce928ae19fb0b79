import Link from 'next/link';
import { Table, Td, Th } from '@/components/ui/table';
import type { ChatTemplate } from '@/lib/client/types';
import { TemplateStatusBadge, categoryLabel } from './template-status-badge';

export function TemplateTable({ templates, showChannel = true }: { templates: ChatTemplate[]; showChannel?: boolean }) {
  return (
    <Table label="Templates">
      <thead>
        <tr><Th>Name</Th><Th>Language</Th><Th>Category</Th><Th>Status</Th><Th>Variables</Th>{showChannel && <Th>Channel</Th>}</tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {templates.map((t) => (
          <tr key={t.id}>
            <Td><Link href={`/templates/${t.id}`} className="font-mono font-medium text-indigo-700 hover:underline">{t.name}</Link></Td>
            <Td>{t.language}</Td>
            <Td>{categoryLabel(t.category)}</Td>
            <Td>
              <TemplateStatusBadge status={t.status} />
              {t.rejected_reason && <span className="ml-2 text-xs text-rose-700">{t.rejected_reason}</span>}
            </Td>
            <Td>{t.variable_count}</Td>
            {showChannel && <Td>{t.channel.name}</Td>}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
