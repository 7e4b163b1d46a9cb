import { describe, expect, it } from 'vitest';
import { APP_HTML_MARKER, frameFileName, framePage } from '../../../src/app/frames/frameMarkup.ts';
import { FRAME_ATTRIBUTE } from '../../../src/app/frames/marks.ts';

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Essay Studio</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/constants-1.js">
  </head>
  <body>
    <div id="root">${APP_HTML_MARKER}</div>
  </body>
</html>
`;

const head = {
  styles: '.page{margin:0}',
  stylesheetHrefs: ['/assets/startApp-1.css'],
  modulePreloads: ['/assets/startApp-1.js', '/assets/FormPage-2.js'],
};

describe('framePage', () => {
  it('puts the markup as it is in #root (React hydrates it), with the frame mark, and the styles and preloads in <head>', () => {
    const page = framePage(template, '<main><h1>Price: $5 $&</h1></main><p role="status">Loading</p>', head);
    expect(page).toContain(`<div id="root" ${FRAME_ATTRIBUTE}=""><main><h1>Price: $5 $&</h1></main><p role="status">Loading</p></div>`
      + '<template id="frame-end"></template>');
    const [before] = page.split('</head>');
    expect(before).toContain('<link rel="expect" href="#frame-end" blocking="render">');
    expect(before).toContain('<style>.page{margin:0}</style>');
    expect(before).toContain('<link rel="stylesheet" href="/assets/startApp-1.css" disabled>');
    // No script is fetched before the first paint: a few inline lines request the template's entry and every
    // preload (the template's and the page's) once the frame has painted.
    expect(page).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(before).toContain('"entry":"/assets/index-abc.js","preloads":["/assets/constants-1.js","/assets/startApp-1.js","/assets/FormPage-2.js"]');
    expect(page).not.toContain(APP_HTML_MARKER);
  });

  it('refuses markup the Content-Security-Policy would block and a template without the marker', () => {
    expect(() => framePage(template, '<p style="color:red">x</p>', head)).toThrow(/style attributes/);
    expect(() => framePage(template.replace(APP_HTML_MARKER, ''), '<p>x</p>', head)).toThrow(/no <div id="root">/);
    expect(() => framePage(template, '<p>x</p>', { ...head, styles: 'a{}</style><script>' })).toThrow(/<\/style/);
  });

  it('names each frame after its route', () => {
    expect(frameFileName('/topics')).toBe('topics.html');
    expect(frameFileName('/thank-you')).toBe('thank-you.html');
  });
});
