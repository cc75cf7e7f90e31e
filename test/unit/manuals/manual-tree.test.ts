import { describe, expect, it } from 'vitest';
import { manualSections } from '../../../main/corpora/manuals/manual-tree.js';

const body = [
  'Text before any heading.',
  '',
  '## 1 Chapter',
  'Chapter intro.',
  '### 1.1 Section',
  'Section text.',
  '##### 1.1.0.1 Clause',
  'Clause text stays in 1.1.',
  '#### 1.1.1 Subsection',
  'Subsection text.',
  '```',
  '## not a heading inside a fence',
  '```',
  '## 2 **Questions?**',
  '### Questions?',
  'Ask us.',
].join('\n');

describe('manual tree', () => {
  const sections = manualSections('guide', 'The Guide', body);

  it('makes one section per heading down to level 4, in reading order, text before the first heading named after the manual', () => {
    expect(sections.map((section) => [section.heading, section.level])).toEqual([
      ['The Guide', 1],
      ['1 Chapter', 2],
      ['1.1 Section', 3],
      ['1.1.1 Subsection', 4],
      ['2 Questions?', 2],
      ['Questions?', 3],
    ]);
  });

  it('links each section to its parent and keeps the path of headings', () => {
    const subsection = sections.find((section) => section.heading === '1.1.1 Subsection');
    expect(subsection?.path).toEqual(['1 Chapter', '1.1 Section', '1.1.1 Subsection']);
    expect(subsection?.parentIndex).toBe(2);
    expect(sections.find((section) => section.heading === '1 Chapter')?.parentIndex).toBeNull();
  });

  it('keeps a deeper heading and a fenced block inside their section, and a section without text of its own empty', () => {
    expect(sections[2]?.text).toContain('##### 1.1.0.1 Clause');
    expect(sections[2]?.text).toContain('Clause text stays in 1.1.');
    expect(sections[3]?.text).toContain('## not a heading inside a fence');
    expect(sections[4]?.text).toBe('');
  });

  it('names sections <manual>#<heading>, numbering a heading the manual repeats', () => {
    expect(sections.map((section) => section.itemKey).slice(-2)).toEqual(['guide#2 Questions?', 'guide#Questions?']);
    const repeated = manualSections('guide', 'G', '## Questions?\nOne.\n## Questions?\nTwo.');
    expect(repeated.map((section) => section.itemKey)).toEqual(['guide#Questions?', 'guide#Questions? (2)']);
  });
});
