/**
 * The document can carry a copy of the sign-in step, painted before the page's code runs
 * (prerender/, server/plugins/staticAssets.ts). Its fields can be typed into; when
 * React replaces the copy with the live form, what was typed, the focused field and its caret
 * carry over, so nothing typed is lost.
 */
export interface TypedBeforeStart {
  username: string;
  password: string;
  /** The input that had the focus in the copy, if any: its name and caret. */
  focused?: { name: 'username' | 'password'; start: number | null; end: number | null };
}

/** The attribute the server sets on `#root` while it holds the copy. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

// The live form renders while the copy is still in the document (React replaces it at commit),
// possibly twice (strict mode): the answer is kept until the form has mounted.
let taken: TypedBeforeStart | undefined;

/** What was typed into the document's copy of the sign-in form; undefined without a copy. */
export function typedBeforeStart(doc: Document = document): TypedBeforeStart | undefined {
  const root = taken ? null : doc.querySelector(`[${PRERENDERED_ATTRIBUTE}="login"]`);
  if (!root) return taken;
  const value = (name: string) => root.querySelector<HTMLInputElement>(`#login-${name}`)?.value ?? '';
  const active = doc.activeElement;
  const name = active instanceof HTMLInputElement && root.contains(active) ? active.name : '';
  taken = { username: value('username'), password: value('password') };
  if (name === 'username' || name === 'password')
    taken.focused = {
      name,
      start: (active as HTMLInputElement).selectionStart,
      end: (active as HTMLInputElement).selectionEnd,
    };
  return taken;
}

/**
 * Called once the live form has mounted, with its inputs: forgets the values (a later visit to
 * the step starts empty), drops the marker, and puts the focus and caret back where they were
 * in the copy.
 */
export function finishTakeOver(
  inputs: Record<'username' | 'password', HTMLInputElement | null>,
  doc: Document = document,
): void {
  const focused = taken?.focused;
  taken = undefined;
  doc.querySelector(`[${PRERENDERED_ATTRIBUTE}]`)?.removeAttribute(PRERENDERED_ATTRIBUTE);
  const input = focused && inputs[focused.name];
  if (!input) return;
  input.focus();
  if (focused.start !== null && focused.end !== null) input.setSelectionRange(focused.start, focused.end);
}
