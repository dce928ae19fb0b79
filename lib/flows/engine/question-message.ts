import type { WireInteractive } from '@/lib/channels/provider';
import { optionId, optionLines } from '../answers';
import type { FlowMessage, Step } from './context';

// How a QUESTION or MENU goes out: options rendered as BUTTONS or a LIST are a real interactive
// message (each option's id names the step and the option, so a tap selects it even if titles
// repeat); EMOJIS and NUMBERS are written under the text. The text kept on the message is the
// question alone, its options being on the wire object.

/** The Cloud API's limit on an interactive message's body. */
const INTERACTIVE_BODY_MAX = 1024;
const FOOTER_MAX = 60;

export function questionMessage(step: Step, text: string, instructions: string): FlowMessage {
  const render = step.answer_options_render;
  const interactive = step.answer_options.length > 0 && (render === 'BUTTONS' || render === 'LIST');
  const footerFits = instructions.length <= FOOTER_MAX;
  const body = [text, footerFits ? '' : instructions].filter(Boolean).join('\n\n');
  if (!interactive || !body || body.length > INTERACTIVE_BODY_MAX) {
    return { kind: 'text', body: [text, step.answer_options.length ? optionLines(step) : '', instructions].filter(Boolean).join('\n\n') };
  }
  const footer = footerFits && instructions ? { footer: { text: instructions } } : {};
  const wire: WireInteractive = render === 'BUTTONS'
    ? {
      type: 'button', body: { text: body }, ...footer,
      action: { buttons: step.answer_options.map((title, i) => ({ type: 'reply' as const, reply: { id: optionId(step.id, i), title } })) },
    }
    : {
      type: 'list', body: { text: body }, ...footer,
      action: {
        button: step.answer_options_render_list_button_title || 'Choose',
        sections: [{
          ...(step.answer_options_render_list_section_title ? { title: step.answer_options_render_list_section_title } : {}),
          rows: step.answer_options.map((title, i) => ({ id: optionId(step.id, i), title })),
        }],
      },
    };
  return { kind: 'interactive', body: [body, footer.footer?.text].filter(Boolean).join('\n\n'), interactive: wire };
}
