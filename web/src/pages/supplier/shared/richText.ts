/** Tags the rich text editor produces; everything else is unwrapped to its text, and no attribute survives. */
const ALLOWED = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'UL', 'OL', 'LI', 'H1', 'H2', 'H3', 'BLOCKQUOTE']);
const DROPPED = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT']);

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = element.tagName.toUpperCase();
  if (DROPPED.has(tag)) return [];
  const children = Array.from(element.childNodes).flatMap((child) => clean(child, doc));
  if (!ALLOWED.has(tag)) return children;
  const copy = doc.createElement(tag.toLowerCase());
  for (const child of children) copy.appendChild(child);
  return [copy];
}

/** Stored event descriptions are HTML typed by users: keep the editor's formatting only, before rendering it. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = doc.createElement('div');
  for (const node of Array.from(doc.body.childNodes).flatMap((child) => clean(child, doc))) out.appendChild(node);
  return out.innerHTML;
}
