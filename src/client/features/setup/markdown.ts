import { Marked } from 'marked';

/**
 * Markdown of our own documents (docs/*.md, bundled at build time) as HTML, with marked: GitHub's
 * dialect (tables, autolinks), wide tables scrolling inside their own box on a phone, links to
 * another document of docs/ pointing at the served file (/docs/<name>.md) and outside links opening
 * in a new tab. Only for the project's own files: marked does not sanitize, and none of its input
 * comes from a visitor.
 */
const marked = new Marked({ gfm: true, async: false });

export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false });
  return (
    html
      // A table keeps its words whole and scrolls sideways on a phone rather than breaking them;
      // the scrolling boxes take the keyboard focus so they scroll by keyboard too (WCAG 2.1.1).
      .replace(
        /<table>/g,
        '<div tabindex="0" style="overflow-x:auto;overflow-wrap:normal"><table style="min-width:36rem">',
      )
      .replace(/<\/table>/g, '</table></div>')
      .replace(/<pre>/g, '<pre tabindex="0" style="overflow-x:auto">')
      .replace(/href="(?!https?:|\/|#|mailto:)([\w.-]+\.md)"/g, 'href="/docs/$1"')
      .replace(/<a href="(https?:[^"]*)"/g, '<a href="$1" target="_blank" rel="noopener noreferrer"')
  );
}
