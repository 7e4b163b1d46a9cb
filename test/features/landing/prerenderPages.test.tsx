import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { LandingPage } from '../../../src/features/landing/LandingPage.tsx';
import { landingConfigFrom } from '../../../src/features/landing/landingConfig.ts';
import {
  APP_HTML_MARKER,
  LANDING_CSS,
  LANDING_ENTRY,
  appShellAssets,
  buildPages,
  landingAssets,
  svgDataUri,
} from '../../../src/features/landing/prerenderPages.ts';

// What `vite build` writes: the entry script in <head>, the marker in #root.
const template = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Essay Studio</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root">${APP_HTML_MARKER}</div>
  </body>
</html>
`;

const manifest: Manifest = {
  'index.html': { file: 'assets/index-abc.js', src: 'index.html', isEntry: true, dynamicImports: [LANDING_ENTRY] },
  [LANDING_ENTRY]: {
    file: 'assets/hydrateLanding-def.js',
    src: LANDING_ENTRY,
    isDynamicEntry: true,
    imports: ['index.html', '_helper-123.js'],
    dynamicImports: ['src/features/landing/landingRuntime.ts'],
  },
  '_helper-123.js': { file: 'assets/helper-123.js', imports: ['index.html'] },
  'src/features/landing/landingRuntime.ts': {
    file: 'assets/landingRuntime-ghi.js',
    src: 'src/features/landing/landingRuntime.ts',
    isDynamicEntry: true,
    imports: ['_react-456.js'],
  },
  '_react-456.js': { file: 'assets/react-456.js' },
  [LANDING_CSS]: { file: 'assets/landing-789.css', src: LANDING_CSS },
};

const markup = renderToString(createElement(LandingPage, { config: landingConfigFrom({}) }));
const favicon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">\n  <rect width="8" height="8"/>\n</svg>\n';

describe('landingAssets', () => {
  it('finds the stylesheet and preloads the landing chunk with its static imports, never React', () => {
    expect(landingAssets(manifest)).toEqual({
      cssFile: 'assets/landing-789.css',
      modulePreloads: ['/assets/hydrateLanding-def.js', '/assets/helper-123.js'],
    });
  });

  it('preloads nothing when the entry bundles the landing module itself', () => {
    const { [LANDING_ENTRY]: _bundled, ...rest } = manifest;
    expect(landingAssets(rest).modulePreloads).toEqual([]);
  });

  it('refuses a manifest without the landing stylesheet', () => {
    const { [LANDING_CSS]: _css, ...rest } = manifest;
    expect(() => landingAssets(rest)).toThrow(/landing\.css/);
  });
});

describe('buildPages', () => {
  const head = { styles: '.hero{color:#123}\n', modulePreloads: ['/assets/hydrateLanding-def.js'], faviconSvg: favicon };

  it('puts the pre-rendered markup in #root of index.html, with the stylesheet inline', () => {
    const { index } = buildPages(template, markup, head);
    expect(index).not.toContain(APP_HTML_MARKER);
    expect(index).toContain(`<div id="root">${markup}</div>`);
    expect(index).toContain('Your College Essay, Perfected with AI');
    // Prices hold '$', which String.replace would otherwise read as a pattern.
    expect(index).toContain('$29');
    expect(index).toContain('<style>.hero{color:#123}</style>');
    expect(index.indexOf('<style>')).toBeLessThan(index.indexOf('</head>'));
  });

  it('requests the landing script and its imports only once the first paint is done', () => {
    const { index } = buildPages(template, markup, head);
    // Nothing in the markup fetches a script while the page is parsed and painted.
    expect(index).not.toContain('<script type="module"');
    expect(index).not.toContain('<link rel="modulepreload"');
    const loader = /<script>([^<]+)<\/script>/.exec(index)?.[1];
    expect(loader).toBeDefined();

    type Paint = { getEntriesByName: (name: string) => unknown[] };
    let report: ((list: Paint, observer: { disconnect: () => void }) => void) | undefined;
    let observed: unknown;
    class PaintObserver {
      static supportedEntryTypes = ['paint', 'navigation'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe(options: unknown) {
        observed = options;
      }
    }
    const timers: Array<{ run: () => void; ms: number }> = [];
    const doc = document.implementation.createHTMLDocument('landing');
    // A document made here belongs to no tab, so it says hidden; this one stands for the tab a student sees.
    Object.defineProperty(doc, 'visibilityState', { value: 'visible' });
    const run = new Function('document', 'window', 'setTimeout', loader ?? '');
    run(doc, { PerformanceObserver: PaintObserver }, (callback: () => void, ms: number) => timers.push({ run: callback, ms }));
    const added = () => [...doc.head.querySelectorAll('script, link')].map((el) =>
      el.tagName === 'SCRIPT'
        ? `script ${(el as HTMLScriptElement).type} ${el.getAttribute('src') ?? ''}`
        : `link ${el.getAttribute('rel') ?? ''} ${el.getAttribute('href') ?? ''}`);
    expect(observed).toEqual({ type: 'paint', buffered: true });
    expect(added()).toEqual([]);
    const observer = { disconnect: () => undefined };
    report?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [] : [{}]) }, observer);
    expect(added()).toEqual([]); // the first paint, not yet a contentful one
    report?.({ getEntriesByName: () => [{}] }, observer);
    expect(added()).toEqual(['link modulepreload /assets/hydrateLanding-def.js', 'script module /assets/index-abc.js']);
    expect(doc.head.querySelector('script')?.crossOrigin).toBe('');
    timers.forEach((timer) => timer.run()); // the timer for a tab hidden before its first paint: nothing twice
    expect(timers.map((timer) => timer.ms)).toEqual([5000]);
    expect(added()).toHaveLength(2);

    // A browser without paint timing asks for the script at once.
    const plain = document.implementation.createHTMLDocument('landing');
    run(plain, {}, () => undefined);
    expect(plain.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it('inlines the favicon as a data: URI on the landing page only', () => {
    const { index, app } = buildPages(template, markup, head);
    expect(index).toContain(`<link rel="icon" href="${svgDataUri(favicon)}" type="image/svg+xml" />`);
    expect(index).not.toContain('/favicon.svg');
    expect(app).toContain('<link rel="icon" href="/favicon.svg"');
  });

  it('writes app.html as the template with an empty #root and none of the landing page', () => {
    const { app } = buildPages(template, markup, head);
    expect(app).toContain('<div id="root"></div>');
    expect(app).not.toContain(APP_HTML_MARKER);
    expect(app).not.toContain('Perfected with AI');
    expect(app).not.toContain('<style>');
    expect(app).not.toContain('modulepreload');
    expect(app).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('paints the app\'s loading screen in app.html before any script runs', () => {
    const frame = '<div class="loading-screen" role="status"><p class="loading-screen__text">Loading your data...</p></div>';
    const { index, app } = buildPages(template, markup, head, undefined, frame);
    expect(app).toContain(`<div id="root">${frame}</div>`);
    expect(index).not.toContain('loading-screen');
  });

  it('starts app.html loading the app and the questionnaire at once, and leaves index.html without them', () => {
    const appManifest: Manifest = {
      ...manifest,
      'index.html': { ...manifest['index.html']!, dynamicImports: [LANDING_ENTRY, 'src/app/startApp.tsx'] },
      'src/app/startApp.tsx': {
        file: 'assets/startApp-1.js', src: 'src/app/startApp.tsx', isDynamicEntry: true,
        imports: ['index.html', '_react-456.js'], css: ['assets/startApp-1.css'],
      },
      'src/features/wizard/FormPage.tsx': {
        file: 'assets/FormPage-2.js', src: 'src/features/wizard/FormPage.tsx', isDynamicEntry: true,
        imports: ['src/app/startApp.tsx', '_react-456.js'], css: ['assets/FormPage-2.css'],
      },
    };
    const appHead = appShellAssets(appManifest);
    expect(appHead).toEqual({
      modulePreloads: ['/assets/startApp-1.js', '/assets/react-456.js', '/assets/FormPage-2.js'],
      stylesheets: ['/assets/startApp-1.css', '/assets/FormPage-2.css'],
    });
    const { index, app } = buildPages(template, markup, head, appHead);
    expect(app).toContain('<link rel="modulepreload" crossorigin href="/assets/startApp-1.js">');
    expect(app).toContain('<link rel="stylesheet" crossorigin href="/assets/FormPage-2.css">');
    expect(app.indexOf('FormPage-2.js')).toBeLessThan(app.indexOf('</head>'));
    expect(index).not.toContain('startApp');
  });

  it('finds the app wherever the bundler put it: the loader and what the loader imports in steps', () => {
    // The app's start merged into one shared chunk: no chunk is keyed by src/app/startApp.tsx any more.
    const appManifest: Manifest = {
      ...manifest,
      'src/app/loadApp.ts': {
        file: 'assets/loadApp-1.js', src: 'src/app/loadApp.ts', isDynamicEntry: true, imports: ['index.html'],
        dynamicImports: ['node_modules/react-dom/client.js', '_app-shell-2.js'],
      },
      'node_modules/react-dom/client.js': { file: 'assets/client-3.js', isDynamicEntry: true, imports: ['_react-456.js'] },
      '_app-shell-2.js': { file: 'assets/app-shell-2.js', imports: ['_react-456.js', 'index.html'], css: ['assets/app-shell-2.css'] },
      '_react-456.js': { file: 'assets/react-456.js' },
      'src/features/wizard/FormPage.tsx': {
        file: 'assets/FormPage-4.js', src: 'src/features/wizard/FormPage.tsx', isDynamicEntry: true, imports: ['_app-shell-2.js'],
      },
    };
    expect(appShellAssets(appManifest)).toEqual({
      modulePreloads: [
        '/assets/loadApp-1.js', '/assets/client-3.js', '/assets/react-456.js', '/assets/app-shell-2.js', '/assets/FormPage-4.js',
      ],
      stylesheets: ['/assets/app-shell-2.css'],
    });
  });

  it('refuses a template that was already pre-rendered', () => {
    const { index } = buildPages(template, markup, head);
    expect(() => buildPages(index, markup, head)).toThrow(/marker/);
  });

  it('renders markup without style attributes, which the Content-Security-Policy would block', () => {
    expect(markup).not.toMatch(/\sstyle=/);
  });
});
