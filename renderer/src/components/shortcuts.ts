/** The keys of a keyboard event that decide a shortcut. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * "/" (when not typing in a field) or Ctrl+K / ⌘K (anywhere) moves focus to the search box of the screen.
 * A plain "/" typed into a field stays a character.
 */
export function isFocusSearchShortcut(press: KeyPress, typingInField: boolean): boolean {
  if (press.altKey) return false;
  if ((press.ctrlKey || press.metaKey) && press.key.toLowerCase() === 'k') return true;
  return press.key === '/' && !press.ctrlKey && !press.metaKey && !typingInField;
}

/** True when keystrokes into `target` are text input (inputs, text areas, selects, contenteditable). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  return false;
}

/** The attribute that marks the input the shortcut focuses; one per screen. */
export const searchTargetAttribute = 'data-search-target';
