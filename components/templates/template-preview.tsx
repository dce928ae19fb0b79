import type { Preview } from './template-parts';

/** The template as a chat bubble: header, body, footer and buttons. */
export function TemplatePreview({ preview }: { preview: Preview }) {
  return (
    <div className="rounded-lg bg-[#e5ddd5] p-4">
      <div data-testid="template-preview" className="max-w-sm rounded-lg bg-white p-3 shadow-sm">
        {preview.header && (preview.header.format === 'TEXT'
          ? <p data-testid="preview-header" className="mb-1 font-semibold text-slate-900">{preview.header.text}</p>
          : <div data-testid="preview-header" className="mb-2 grid h-24 place-items-center rounded bg-slate-200 text-xs text-slate-600">
            {preview.header.format.toLowerCase()} header
          </div>)}
        {preview.body && <p data-testid="preview-body" className="whitespace-pre-wrap break-words text-sm text-slate-900">{preview.body}</p>}
        {preview.footer && <p data-testid="preview-footer" className="mt-1 text-xs text-slate-500">{preview.footer}</p>}
        {preview.buttons.length > 0 && (
          <ul aria-label="Template buttons" className="mt-2 divide-y divide-slate-100 border-t border-slate-100">
            {preview.buttons.map((b, i) => (
              <li key={i} className="py-1.5 text-center text-sm text-sky-700">
                <span>{b.type === 'URL' ? '↗ ' : b.type === 'PHONE_NUMBER' ? '☎ ' : '↩ '}{b.text}</span>
                {b.url && <span data-testid="preview-button-url" className="block break-all text-xs text-slate-500">{b.url}</span>}
                {b.phone && <span className="block text-xs text-slate-500">{b.phone}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
