import type { ManualSection } from '../../../../shared/contract';

/** A section with the sections it encloses, for drawing the manual as nested lists. */
export interface ManualNode {
  section: ManualSection;
  children: ManualNode[];
}

/** Nests a manual's sections (reading order, each naming its parent's index) into trees; an unknown parent makes a root. */
export function nestSections(sections: readonly ManualSection[]): ManualNode[] {
  const nodes = new Map<number, ManualNode>();
  const roots: ManualNode[] = [];
  for (const section of sections) {
    const node: ManualNode = { section, children: [] };
    nodes.set(section.index, node);
    const parent = section.parent_index === null ? undefined : nodes.get(section.parent_index);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
