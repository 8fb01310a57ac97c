import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Hono } from 'hono';

/**
 * The setup documents the dashboard's checklist and the site's "set up the bot" links point to,
 * served as plain text from the project folder: /docs/README.md and /docs/<name>.md.
 */
const FILES: Record<string, string> = {
  'README.md': 'README.md',
  'discord-setup.md': 'docs/discord-setup.md',
};

export function mountDocs(app: Hono, root = process.cwd()): void {
  app.get('/docs/:file', (c) => {
    const file = FILES[c.req.param('file')];
    if (!file) return c.text('No such document.', 404);
    try {
      const text = readFileSync(resolve(root, file), 'utf8');
      return c.text(text, 200, { 'Content-Type': 'text/markdown; charset=utf-8' });
    } catch {
      return c.text('This document is not part of this installation.', 404);
    }
  });
}
