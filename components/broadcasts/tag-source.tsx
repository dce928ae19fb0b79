'use client';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState, Spinner } from '@/components/ui/states';
import { inputClass } from '@/components/ui/text-field';
import {
  CONTACT_FIELDS, contactFieldLabel, decodeSource, encodeSource, variableLabel, type ValueSource,
} from '@/lib/client/broadcast-recipients';
import type { VariableSlot } from '@/components/templates/template-parts';
import { capitalize } from './csv-source';

const fmt = new Intl.NumberFormat('en-US');

/**
 * Recipients from the contacts with a tag: type the tag, load its contacts (every page), then
 * choose where each template variable comes from: a contact field, an attribute, or fixed text.
 */
export function TagSource({ input, onInput, onLoad, loading, loaded, error, onRetry, contactCount, metaKeys, slots, variables, onVariables }: {
  input: string;
  onInput: (v: string) => void;
  onLoad: () => void;
  loading: boolean;
  loaded: { tag: string; count: number; total: number };
  error: unknown;
  onRetry: () => void;
  /** Contacts loaded for the tag, or null before any are. */
  contactCount: number | null;
  metaKeys: string[];
  slots: VariableSlot[];
  variables: ValueSource[];
  onVariables: (v: ValueSource[]) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-5">
      <div>
        <label htmlFor={`${id}-tag`} className="block text-sm font-medium text-slate-700">Tag</label>
        <div className="mt-1.5 flex gap-2">
          <input id={`${id}-tag`} className={`${inputClass} max-w-xs`} value={input} placeholder="e.g. vip" autoComplete="off"
            aria-describedby={`${id}-tag-hint`} onChange={(e) => onInput(e.target.value)}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); onLoad(); } }} />
          <Button variant="secondary" disabled={!input.trim() || loading} onClick={onLoad}>{loading ? 'Loading…' : 'Load contacts'}</Button>
        </div>
        <p id={`${id}-tag-hint`} className="mt-1.5 text-xs text-slate-500">Every contact with this tag (upper or lower case alike) becomes a recipient.</p>
      </div>
      {loading && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading contacts tagged “{loaded.tag}”… {loaded.total > 0 && `${fmt.format(loaded.count)} of ${fmt.format(loaded.total)}`}
        </p>
      )}
      {!!error && <ErrorState error={error} onRetry={onRetry} />}
      {contactCount !== null && !loading && (
        <p className="text-sm text-slate-600" data-testid="tag-summary">
          {contactCount === 0 ? <>No contacts have the tag “{loaded.tag}”.</>
            : <><b className="text-slate-900">{fmt.format(contactCount)}</b> {contactCount === 1 ? 'contact has' : 'contacts have'} the tag “{loaded.tag}”.</>}
        </p>
      )}
      {contactCount !== null && contactCount > 0 && slots.length > 0 && (
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Fill the variables</legend>
          {slots.map((slot) => {
            const value = variables[slot.index] ?? { kind: 'none' };
            const label = capitalize(variableLabel(slot.index, slot.part));
            const set = (s: ValueSource) => onVariables(variables.map((x, i) => (i === slot.index ? s : x)));
            return (
              <div key={slot.index} className="sm:grid sm:grid-cols-5 sm:items-start sm:gap-3">
                <label htmlFor={`${id}-var-${slot.index}`} className="block pt-2 text-sm font-medium text-slate-700 sm:col-span-2">{label}</label>
                <div className="mt-1 space-y-2 sm:col-span-3 sm:mt-0">
                  <select id={`${id}-var-${slot.index}`} className={inputClass} value={encodeSource(value)}
                    onChange={(e) => set(decodeSource(e.target.value, value.kind === 'fixed' ? value.value : ''))}>
                    <option value="">Choose a field…</option>
                    <optgroup label="Contact fields">
                      {CONTACT_FIELDS.map((f) => <option key={f} value={`field:${f}`}>{contactFieldLabel[f]}</option>)}
                    </optgroup>
                    {metaKeys.length > 0 && (
                      <optgroup label="Attributes">
                        {metaKeys.map((k) => <option key={k} value={`meta:${k}`}>{k}</option>)}
                      </optgroup>
                    )}
                    <option value="fixed">The same text for everyone…</option>
                  </select>
                  {value.kind === 'fixed' && (
                    <input aria-label={`${label}: text for everyone`} className={inputClass} value={value.value} maxLength={1024}
                      placeholder="Text for every recipient" onChange={(e) => set({ kind: 'fixed', value: e.target.value })} />
                  )}
                </div>
              </div>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
