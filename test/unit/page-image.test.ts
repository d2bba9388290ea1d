import { describe, expect, it } from 'vitest';
import { pageImage } from '#domain/content/page-image.ts';

const page = 'https://pub.example/news/2026/story';
const head = (...tags: string[]) => `<!doctype html><html><head><title>A story</title>${tags.join('')}`;

describe('a page head\'s share picture', () => {
  it('takes og:image, resolved against the page, with entities decoded', () => {
    expect(pageImage(head('<meta property="og:image" content="/img/a.jpg?w=800&amp;h=450">'), page)).toBe('https://pub.example/img/a.jpg?w=800&h=450');
    expect(pageImage(head("<meta content='../pics/b.png' property='og:image'/>"), page)).toBe('https://pub.example/news/pics/b.png');
  });

  it('prefers og:image to twitter:image, and falls back to twitter:image', () => {
    expect(pageImage(head('<meta name="twitter:image" content="https://cdn.example/t.jpg">', '<meta property="og:image" content="https://cdn.example/o.jpg">'), page)).toBe('https://cdn.example/o.jpg');
    expect(pageImage(head('<meta name="twitter:image:src" content="https://cdn.example/t.jpg">'), page)).toBe('https://cdn.example/t.jpg');
  });

  it('passes over pictures that fail the URL rule or are placeholders, and gives null when none is left', () => {
    expect(pageImage(head('<meta property="og:image" content="javascript:alert(1)">', '<meta name="twitter:image" content="https://cdn.example/t.jpg">'), page)).toBe('https://cdn.example/t.jpg');
    expect(pageImage(head('<meta property="og:image" content="https://cdn.example/default-share.png">'), page)).toBeNull();
    expect(pageImage(head('<meta property="og:image" content="data:image/png;base64,AAAA">', '<meta property="og:image" content="ftp://x/y.jpg">'), page)).toBeNull();
    expect(pageImage(head('<meta property="og:title" content="No picture">'), page)).toBeNull();
    expect(pageImage('', page)).toBeNull();
  });
});
