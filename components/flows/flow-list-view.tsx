'use client';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { Table, Td, Th } from '@/components/ui/table';
import { FLOWS_PAGE_SIZE, useFlows } from '@/lib/client/flows';
import { useDebouncedValue } from '@/lib/client/use-debounced-value';

/** The account's flows: name, type, whether it is on, its runs. */
export function FlowListView() {
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(input.trim(), 300);
  useEffect(() => setPage(1), [search]);
  const flows = useFlows({ search, page });
  return (
    <>
      <PageHeader title="Flows"
        description="Automated conversations: questions, branches, HTTP calls, tags and hand-over to agents. Draw them in the builder (or write them through the API), run them and follow each contact."
        actions={<ButtonLink href="/flows/new">New flow</ButtonLink>} />
      <Card flush>
        <div className="border-b border-slate-200 p-4">
          <SearchInput id="flow-search" label="Search flows" placeholder="Search by name" value={input} onChange={setInput} />
        </div>
        {flows.isPending ? <LoadingState /> : flows.isError ? (
          <div className="p-4"><ErrorState error={flows.error} onRetry={() => flows.refetch()} /></div>
        ) : flows.data.results.length === 0 ? (
          <EmptyState title={search ? 'No flows match this search' : 'No flows yet'}>
            {search ? 'The search looks at flow names.' : <>Start one with <Link href="/flows/new" className="text-indigo-700 hover:underline">New flow</Link>, or with <code className="font-mono">POST /api/flow</code>.</>}
          </EmptyState>
        ) : (
          <>
            <Table label="Flows">
              <thead><tr><Th>Name</Th><Th>Type</Th><Th>Active</Th><Th>Steps</Th><Th>Runs</Th><Th>Updated</Th></tr></thead>
              <tbody className="divide-y divide-slate-100">
                {flows.data.results.map((f) => (
                  <tr key={f.id} className="hover:bg-slate-50">
                    <Td><Link href={`/flows/${f.id}`} className="font-medium text-slate-900 hover:text-indigo-600 hover:underline">{f.name}</Link></Td>
                    <Td><Badge tone={f.execution_type === 'INBOUND' ? 'indigo' : 'gray'}>{f.execution_type}</Badge></Td>
                    <Td>{f.is_active ? <Badge tone="green">Active</Badge> : <Badge>Off</Badge>} {f.status === 'DRAFT' && <Badge tone="amber">Draft</Badge>}</Td>
                    <Td className="tabular-nums">{f.steps.length}</Td>
                    <Td className="tabular-nums">{f.executions}</Td>
                    <Td><DateTime value={f.updated_on} /> <span className="text-xs text-slate-500">v{f.version}</span></Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <Pager label="Flows pagination" noun="flows" page={page} pageSize={FLOWS_PAGE_SIZE} count={flows.data.count}
              hasPrevious={!!flows.data.previous} hasNext={!!flows.data.next} onPage={setPage} />
          </>
        )}
      </Card>
    </>
  );
}
