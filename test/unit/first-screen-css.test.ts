import { describe, expect, it } from 'vitest';
import { withFirstScreenCss } from '../../lambdas/services/first-screen-css.ts';

const CSS = '.card{padding:1rem}.dialog{position:fixed}@media (max-width:640px){.card{padding:.8rem}.toast{bottom:0}}.card:hover{outline:1px solid}';
const page = (style: string) =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8">${style}<title>T</title></head><body><div id="root"><article class="card"><h2>A &amp; B</h2><img src="/img/x/720-a.webp" srcSet="/img/x/320-a.webp 320w" alt=""/></article></div></body></html>`;

describe('a written page\'s own stylesheet', () => {
  it('keeps the rules its markup uses (their @media and :hover too), names the whole file, and changes nothing else', async () => {
    const written = await withFirstScreenCss(page(`<style data-stylesheet="/assets/boot-1.css">${CSS}</style>`));
    const style = /<style data-first-screen-of="\/assets\/boot-1\.css">([^<]*)<\/style>/.exec(written)?.[1];
    expect(style).toContain('.card{padding:1rem}');
    expect(style).toMatch(/@media \(max-width:640px\)\{\.card\{padding:\.8rem\}\}/);
    expect(style).toContain('.card:hover');
    expect(style).not.toContain('.dialog');
    expect(style).not.toContain('.toast');
    expect(written).toContain('<noscript><link rel="stylesheet" href="/assets/boot-1.css"></noscript>');
    // Everything but the style is the page as composed, byte for byte (React hydrates it).
    expect(written.replace(/<style[\s\S]*<\/noscript>/, '')).toBe(page(''));
  });

  it('leaves a page without the shell\'s whole stylesheet as it is (the dev server\'s shell)', async () => {
    for (const style of ['', `<style>${CSS}</style>`, '<link rel="stylesheet" href="/src/styles.css">']) expect(await withFirstScreenCss(page(style))).toBe(page(style));
  });
});
