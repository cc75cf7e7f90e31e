import { markdownBlocks } from './markdown';

/** A card's Markdown (paragraphs and lists) as elements: bullets become a list, never a raw "- ". */
export function Markdown({ text, lang }: { text: string; lang?: string }) {
  return (
    <div className="markdown" lang={lang}>
      {markdownBlocks(text).map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{block.text}</p>
        ) : block.ordered ? (
          <ol key={index}>{block.items.map((item, itemIndex) => <li key={itemIndex}>{item}</li>)}</ol>
        ) : (
          <ul key={index}>{block.items.map((item, itemIndex) => <li key={itemIndex}>{item}</li>)}</ul>
        ),
      )}
    </div>
  );
}
