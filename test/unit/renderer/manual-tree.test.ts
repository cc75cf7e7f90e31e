import { describe, expect, it } from 'vitest';
import type { ManualSection } from '../../../shared/contract.js';
import { nestSections } from '../../../renderer/src/features/manuals/manual-tree.js';

const section = (index: number, parent: number | null, heading: string): ManualSection => ({
  index,
  parent_index: parent,
  level: parent === null ? 2 : 3,
  heading,
  key: `m#${heading}`,
  summary: '',
  summary_by: 'lead',
  passages: 1,
});

describe('nesting a manual tree for display', () => {
  it('puts each section under its parent, in reading order, and a section whose parent is unknown at the top', () => {
    const nested = nestSections([section(0, null, 'One'), section(1, 0, 'One.a'), section(2, 0, 'One.b'), section(3, null, 'Two'), section(4, 9, 'Stray')]);
    expect(nested.map((node) => [node.section.heading, node.children.map((child) => child.section.heading)])).toEqual([
      ['One', ['One.a', 'One.b']],
      ['Two', []],
      ['Stray', []],
    ]);
  });
});
