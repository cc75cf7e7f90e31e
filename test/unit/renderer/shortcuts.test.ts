import { describe, expect, it } from 'vitest';
import { isFocusSearchShortcut } from '../../../renderer/src/components/shortcuts.js';

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

describe('the search shortcut', () => {
  it('"/" focuses the search when the user is not typing in a field', () => {
    expect(isFocusSearchShortcut(press('/'), false)).toBe(true);
  });

  it('a "/" typed into a field stays a character', () => {
    expect(isFocusSearchShortcut(press('/'), true)).toBe(false);
  });

  it('Ctrl+K and ⌘K focus the search even from inside a field', () => {
    expect(isFocusSearchShortcut(press('k', { ctrlKey: true }), true)).toBe(true);
    expect(isFocusSearchShortcut(press('K', { metaKey: true }), false)).toBe(true);
  });

  it('other keys and Alt combinations do nothing', () => {
    expect(isFocusSearchShortcut(press('k'), false)).toBe(false);
    expect(isFocusSearchShortcut(press('k', { ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(isFocusSearchShortcut(press('/', { ctrlKey: true }), false)).toBe(false);
  });
});
