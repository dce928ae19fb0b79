'use client';
import { useId, useState } from 'react';
import { FieldErrors } from '@/components/ui/field-errors';
import { SearchInput } from '@/components/ui/search-input';
import { ErrorState, LoadingState, Spinner } from '@/components/ui/states';
import { useTemplates } from '@/lib/client/templates';
import type { ChatTemplate } from '@/lib/client/types';
import { useDebouncedValue } from '@/lib/client/use-debounced-value';
import { categoryLabel } from '@/components/templates/template-status-badge';

const PICKER_PAGE_SIZE = 50;

/** The approved templates as a searchable list of radio buttons. */
export function TemplatePicker({ value, onChange, errors }: {
  value: ChatTemplate | null;
  onChange: (t: ChatTemplate) => void;
  errors?: string[];
}) {
  const id = useId();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  const templates = useTemplates({ search, category: '', status: 'approved', channel: null, page: 1 }, PICKER_PAGE_SIZE);
  const list = templates.data?.results ?? [];
  const more = (templates.data?.count ?? 0) > list.length;

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <SearchInput id={`${id}-search`} label="Search approved templates" placeholder="Search approved templates" value={input} onChange={setInput} />
        {templates.isFetching && !templates.isPending && <Spinner className="size-4 text-slate-400" />}
      </div>
      {templates.isPending ? <LoadingState label="Loading templates…" /> : templates.isError ? (
        <ErrorState error={templates.error} onRetry={() => templates.refetch()} />
      ) : list.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          {search ? `No approved template matches “${search}”.` : 'No approved templates yet. Sync a channel’s templates under Settings → Channels.'}
        </p>
      ) : (
        <fieldset aria-describedby={errors?.length ? `${id}-errors` : undefined}>
          <legend className="sr-only">Template</legend>
          <div className="max-h-72 space-y-1.5 overflow-y-auto pr-1">
            {list.map((t) => {
              const checked = value?.id === t.id;
              return (
                <label key={t.id} className={`flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 text-sm transition-colors
                  ${checked ? 'border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500' : 'border-slate-200 hover:bg-slate-50'}`}>
                  <input type="radio" name={`${id}-template`} value={t.id} checked={checked} onChange={() => onChange(t)}
                    className="mt-0.5 size-4 accent-indigo-600" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-mono font-medium text-slate-900">{t.name}</span>
                    <span className="block text-xs text-slate-500">
                      {t.language} · {categoryLabel(t.category)} · {t.channel.name} · {t.variable_count === 0 ? 'no variables' : t.variable_count === 1 ? '1 variable' : `${t.variable_count} variables`}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          {more && <p className="mt-2 text-xs text-slate-500">Showing the first {PICKER_PAGE_SIZE}; search to find others.</p>}
        </fieldset>
      )}
      {value && !list.some((t) => t.id === value.id) && (
        <p className="text-sm text-slate-600">Chosen: <span className="font-mono font-medium">{value.name}</span></p>
      )}
      <FieldErrors id={`${id}-errors`} messages={errors} />
    </div>
  );
}
