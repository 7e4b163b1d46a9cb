import { describe, expect, it } from 'vitest';
import { APP_HTML_MARKER, FRAME_ATTRIBUTE, frameFileName, framePage } from '../../../src/app/frames/frameMarkup.ts';
import { inertMarkup } from '../../../src/app/frames/inertMarkup.ts';

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

describe('inertMarkup', () => {
  it('unlinks the fields from their labels, so nothing looks a frame field up by its label', () => {
    const markup = '<label class="ui-field__label" for="name-1">Full name</label>'
      + '<input id="name-1" class="ui-field__control" aria-describedby="hint-1"/>'
      + '<textarea id="sample" aria-labelledby="sample-label"></textarea><input aria-label="Search"/>'
      + '<button id="next" type="button">Next</button>';
    const inert = inertMarkup(markup);
    expect(inert).toContain('<label class="ui-field__label">Full name</label>');
    expect(inert).toContain('<input class="ui-field__control" aria-describedby="hint-1" disabled=""/>');
    expect(inert).toContain('<textarea disabled=""></textarea><input disabled=""/>');
    expect(inert).not.toMatch(/\sfor=|aria-label|id="(name-1|sample)"/);
    // Buttons keep their ids and names: they are disabled, and waiting for one to be enabled is safe.
    expect(inert).toContain('<button id="next" type="button" disabled="">Next</button>');
  });


  it('disables every control and turns links into plain text', () => {
    const markup = '<a class="brand" href="/">Essay Studio</a><input id="name" value=""/><textarea rows="6"></textarea>'
      + '<select name="x"><option>1</option></select><button type="button" autofocus="">Next</button>'
      + '<button type="submit" disabled="">Save</button><a href="#main" tabindex="0">Skip</a>';
    const inert = inertMarkup(markup);
    expect(inert).not.toMatch(/href=|tabindex=|autofocus/);
    for (const tag of inert.match(/<(input|textarea|select|button)\b[^>]*>/g) ?? []) expect(tag).toMatch(/ disabled=""/);
    expect(inert.match(/disabled=""/g)).toHaveLength(5);
    expect(inert).toContain('<a class="brand">Essay Studio</a>');
    expect(inert).toContain('<button type="button" disabled="">Next</button>');
  });
});

describe('framePage', () => {
  it('puts the frame, the loading status and the frame marks in #root, and the styles and preloads in <head>', () => {
    const page = framePage(template, '<main><h1>Price: $5 $&</h1></main>', head);
    expect(page).toContain(`<div id="root" ${FRAME_ATTRIBUTE}="" aria-busy="true"><main aria-hidden="true"><h1>Price: $5 $&</h1></main>`
      + '<p id="frame-status" class="frame-status" role="status">Loading your data...</p><template id="frame-end"></template></div>');
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
