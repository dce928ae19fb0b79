import type { DraftStep } from '@/lib/client/flow-builder';

// The message as the contact sees it on WhatsApp: media, the text (variables as chips), and the
// options as reply buttons, a list, or numbered lines.

const EMOJI = ['1️⃣', '2️⃣', '3️⃣', '4️⃣', '5️⃣', '6️⃣', '7️⃣', '8️⃣', '9️⃣', '🔟'];

function Text({ text }: { text: string }) {
  const parts = text.split(/(\{\{[^{}]+\}\})/g);
  return (
    <p className="whitespace-pre-wrap break-words text-[13px] leading-snug text-slate-900">
      {parts.map((p, i) => (/^\{\{/.test(p)
        ? <span key={i} className="rounded bg-indigo-100 px-1 font-mono text-[11px] text-indigo-800">{p.slice(2, -2).trim()}</span>
        : p))}
    </p>
  );
}

/** `options`: a question's options from a variable as the tested answer gives them, when known. */
export function MessagePreview({ step, options: known }: { step: DraftStep; options?: string[] }) {
  // Options from a variable are known only when asked: the preview shows the tested ones, or where they come from.
  const fromVariable = step.step_type === 'QUESTION' && step.has_options_from_variable;
  const options = fromVariable
    ? known?.length ? known : [`Items of ${(step.options_from_variable || '{{…}}').replace(/^\{\{\s*|\s*\}\}$/g, '')}`]
    : step.answer_options ?? [];
  const render = step.answer_options_render ?? 'NUMBERS';
  const media = step.body_type && step.body_type !== 'text';
  const asks = step.step_type === 'QUESTION' || step.step_type === 'MENU';
  const numbered = asks && options.length > 0 && (render === 'NUMBERS' || render === 'EMOJIS');
  return (
    <div aria-label="Message preview" className="rounded-lg bg-[#e5ddd5] p-3">
      <div className="max-w-[92%] rounded-lg bg-white px-2.5 py-2 shadow-sm">
        {media && (
          <div className="mb-2 grid h-24 place-items-center overflow-hidden rounded bg-slate-100 text-xs text-slate-500">
            {step.body_type === 'image' && /^https?:\/\//.test(step.body_file_url ?? '') && !step.body_file_url!.includes('{{')
              ? <img src={step.body_file_url} alt="" className="h-full w-full object-cover" />
              : <span>{step.body_type} · {step.body_file_url || 'no file yet'}</span>}
          </div>
        )}
        {step.body ? <Text text={step.body} /> : <p className="text-[13px] italic text-slate-500">No text yet</p>}
        {numbered && (
          <div className="mt-2 space-y-0.5 text-[13px] text-slate-900">
            {options.map((o, i) => <p key={i}>{render === 'EMOJIS' ? EMOJI[i] : `${i + 1}.`} {o}</p>)}
          </div>
        )}
        <p className="mt-1 text-right text-[10px] text-slate-500">12:00</p>
      </div>
      {asks && render === 'BUTTONS' && options.length > 0 && (
        <div className="mt-1 grid max-w-[92%] gap-1">
          {options.map((o, i) => (
            <div key={i} className={`rounded-lg bg-white py-1.5 text-center text-[13px] font-medium shadow-sm ${i >= 3 ? 'text-rose-700 line-through' : 'text-sky-600'}`}>↩ {o}</div>
          ))}
        </div>
      )}
      {asks && render === 'LIST' && options.length > 0 && (
        <div className="mt-1 max-w-[92%] rounded-lg bg-white shadow-sm">
          <div className="border-b border-slate-100 py-1.5 text-center text-[13px] font-medium text-sky-600">☰ {step.answer_options_render_list_button_title || 'Options'}</div>
          {step.answer_options_render_list_section_title && <p className="px-3 pt-1.5 text-[11px] font-medium uppercase text-slate-500">{step.answer_options_render_list_section_title}</p>}
          <ul className="divide-y divide-slate-100 px-3 text-[13px] text-slate-800">
            {options.map((o, i) => <li key={i} className="flex justify-between py-1.5">{o}<span className="text-slate-300">○</span></li>)}
          </ul>
        </div>
      )}
    </div>
  );
}
