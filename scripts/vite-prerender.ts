import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';

/** The build's server entry: the pages to render and how (src/client/prerender.tsx). */
const ENTRY = 'src/client/prerender.tsx';
/** Where the rendered pages go inside the client's build: prerendered/<path>.html ('/' is index.html). */
export const PRERENDERED_DIR = 'prerendered';

interface PrerenderModule {
  PRERENDERED: Record<string, string[]>;
  render(path: string): Promise<{ html: string; title: string }>;
}

/** The files a manifest chunk loads with it: its own and its static imports', recursively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Beasties (the maintained fork of Google's critters) puts in the page's head the rules of its
 * stylesheets that match the rendered markup, and loads the whole sheets without blocking the first
 * paint: each link becomes a preload, and a small inline script (the same text on every page, which
 * the server's CSP allows by its hash like the theme script) adds the stylesheet from script, which
 * never blocks rendering (its "media-script" mode switched the sheets on while still loading, which
 * made them block the paint again: contact's first paint did not move); <noscript> keeps the plain
 * links. The sheets stay whole (the dashboard and the pages' later states use them). The page is
 * rendered dark; the rules of the other color scheme are kept so a visitor who chose light paints it
 * from the start. The inline <style> tags Mantine renders inside #root are left as they are (React
 * hydrates them).
 */
const criticalCss = (outDir: string) =>
  new Beasties({
    path: outDir,
    publicPath: '/',
    preload: 'js',
    pruneSource: false,
    reduceInlineStyles: false,
    allowRules: [/data-mantine-color-scheme/, /(^|[\s,>+~(])\.(light|dark)\b/],
    logLevel: 'warn',
  });

/** Adds the page's stylesheets, preloads and entry script (the #after-paint list) after the first frame. */
const AFTER_PAINT_LOADER = `(()=>{var d=document,a=JSON.parse(d.getElementById('after-paint').textContent),done=0;function load(){if(done)return;done=1;for(var i=0;i<a.length;i++)d.head.appendChild(Object.assign(d.createElement(a[i][0]),a[i][1]))}if(d.visibilityState==='hidden')d.addEventListener('visibilitychange',load,{once:true});requestAnimationFrame(()=>setTimeout(load,0))})()`;

/**
 * The page's scripts and whole stylesheets are requested after its first paint. The page paints from
 * its HTML and inlined critical CSS; none of them is needed for that (module scripts run after
 * parsing, the sheets were already added from script). Requested with the document, they competed
 * with it on a slow connection, and Lighthouse's simulation counts every script and sheet that
 * finished before the first paint as delaying it (at 1.6 Mbit/s, the ~140 KB of scripts alone take
 * about a second). One inline script, the same on every page (allowed by its one hash, as the theme
 * script), reads the page's list from a JSON data block and adds the sheets, the module preloads and
 * the entry script once a frame has been painted, or when a hidden tab is shown.
 * <noscript> keeps the plain stylesheet links.
 */
export function afterFirstPaint(html: string): string {
  const css: string[] = [];
  const modules: { href: string; crossorigin: boolean }[] = [];
  let entry: { href: string; crossorigin: boolean } | null = null;
  const head = html.slice(0, html.indexOf('</head>'));
  let out = head
    .replace(
      /<script type="module"( crossorigin)? src="([^"]+)"><\/script>\s*/g,
      (_m, co: string | undefined, href: string) => {
        if (entry) throw new Error('prerender: the page has two module scripts');
        entry = { href, crossorigin: Boolean(co) };
        return '';
      },
    )
    .replace(
      /<link rel="modulepreload"( crossorigin)? href="([^"]+)">\s*/g,
      (_m, co: string | undefined, href: string) => {
        modules.push({ href, crossorigin: Boolean(co) });
        return '';
      },
    )
    .replace(/<link rel="preload" href="([^"]+\.css)" as="style">/g, (_m, href: string) => {
      css.push(href);
      return '';
    })
    .replace(/<script data-href="[^"]+" data-media="[^"]+">function \$loadcss[^<]*<\/script>\s*/g, '');
  if (!entry) throw new Error('prerender: the page has no module script');
  if (out.includes('$loadcss') || out.includes('rel="modulepreload"'))
    throw new Error('prerender: a script or sheet of the page was left in its head');
  const add = [
    ...css.map((href) => ['link', { rel: 'stylesheet', href }]),
    ...modules.map(({ href, crossorigin }) => [
      'link',
      { rel: 'modulepreload', href, ...(crossorigin ? { crossOrigin: '' } : {}) },
    ]),
    [
      'script',
      {
        type: 'module',
        src: (entry as { href: string }).href,
        ...((entry as { crossorigin: boolean }).crossorigin ? { crossOrigin: '' } : {}),
      },
    ],
  ];
  // The list is data (a JSON block, never executed); the loader is the same on every page, so the
  // Content-Security-Policy allows one hash for all of them.
  const data = JSON.stringify(add).replaceAll('<', '\\u003c');
  out += `<script type="application/json" id="after-paint">${data}</script>\n  <script>${AFTER_PAINT_LOADER}</script>\n  `;
  return out + html.slice(html.indexOf('</head>'));
}

/**
 * After the client's build: builds src/client/prerender.tsx for node (vite's SSR build, into a
 * scratch folder), renders each public page it lists with react-dom/server, and writes the page:
 * the built index.html with the markup in #root, its title, and in the head the CSS and the scripts
 * of the modules the page's route loads on demand (so the page paints styled before any script
 * runs, and main.tsx hydrates it without waiting for another round trip), its critical CSS inlined
 * (criticalCss). The server sends these
 * files for their paths (src/server/core/pages.ts).
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender',
    apply: (c, env) => env.command === 'build' && !c.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const scratch = resolve(config.root, `dist/.prerender-${process.pid}`);
        try {
          await build({
            configFile: config.configFile,
            root: config.root,
            mode: config.mode,
            logLevel: 'warn',
            build: {
              ssr: ENTRY,
              outDir: scratch,
              emptyOutDir: true,
              manifest: false,
              copyPublicDir: false,
              rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
            },
          });
          const mod = (await import(pathToFileURL(join(scratch, 'prerender.mjs')).href)) as PrerenderModule;
          const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
          const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
          const first = closure(manifest, 'index.html');
          mkdirSync(join(outDir, PRERENDERED_DIR), { recursive: true });
          for (const [path, modules] of Object.entries(mod.PRERENDERED)) {
            const chunks = new Set<string>();
            for (const m of modules) {
              if (!manifest[m]) throw new Error(`prerender: ${m} (for ${path}) is not a chunk of the build`);
              for (const key of closure(manifest, m)) if (!first.has(key)) chunks.add(key);
            }
            const seen = new Set<string>();
            const head = [...chunks].flatMap((key) => {
              const chunk = manifest[key];
              if (!chunk) return [];
              // A chunk of CSS alone (styles/app.ts) is its file.
              const css = (chunk.file.endsWith('.css') ? [chunk.file] : (chunk.css ?? [])).filter(
                (file) => !seen.has(file) && seen.add(file),
              );
              return [
                ...css.map((file) => `<link rel="stylesheet" href="/${file}">`),
                ...(chunk.file.endsWith('.js') ? [`<link rel="modulepreload" href="/${chunk.file}">`] : []),
              ];
            });
            const { html, title } = await mod.render(path);
            if (!indexHtml.includes('<div id="root"></div>'))
              throw new Error('prerender: index.html has no empty #root');
            const page = indexHtml
              .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`)
              .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
              .replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
            const name = path === '/' ? 'index' : path.slice(1);
            writeFileSync(
              join(outDir, PRERENDERED_DIR, `${name}.html`),
              afterFirstPaint(
                await criticalCss(outDir).process(
                  // Same origin: without crossorigin the preload matches the link criticalCss's script adds.
                  page.replaceAll('<link rel="stylesheet" crossorigin ', '<link rel="stylesheet" '),
                ),
              ),
            );
          }
        } finally {
          rmSync(scratch, { recursive: true, force: true });
        }
      },
    },
  };
}
