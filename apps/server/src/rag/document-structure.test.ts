import { describe, expect, it } from 'vitest';
import { parseSections } from './document-structure';

describe('parseSections', () => {
  it('tracks the heading path as levels go down and back up', () => {
    const text = 'Preface text.\n\n# Guide\n\n## Install\n\nStep one.\n\n### Linux\n\nUse apt.\n\n## Usage\n\nRun it.\n\n# FAQ\n\nAsk us.';
    const sections = parseSections(text).map((section) => ({
      path: section.path.join(' > '),
      heading: section.heading ? text.slice(section.heading.start, section.heading.end) : null,
      paragraphs: section.paragraphs.map(({ start, end }) => text.slice(start, end)),
    }));
    expect(sections).toEqual([
      { path: '', heading: null, paragraphs: ['Preface text.'] },
      { path: 'Guide', heading: '# Guide', paragraphs: [] },
      { path: 'Guide > Install', heading: '## Install', paragraphs: ['Step one.'] },
      { path: 'Guide > Install > Linux', heading: '### Linux', paragraphs: ['Use apt.'] },
      { path: 'Guide > Usage', heading: '## Usage', paragraphs: ['Run it.'] },
      { path: 'FAQ', heading: '# FAQ', paragraphs: ['Ask us.'] },
    ]);
  });

  it('keeps a fenced code block whole, blank lines and # comments included', () => {
    const text = '# Script\n\n```sh\n# not a heading\n\necho hi\n```\nAfter the code.';
    const [section, ...rest] = parseSections(text);
    expect(rest).toEqual([]);
    expect(section?.paragraphs.map(({ start, end }) => text.slice(start, end))).toEqual(['```sh\n# not a heading\n\necho hi\n```\nAfter the code.']);
  });

  it('treats "#hashtag" and a rule after a blank line as text, and an underlined single line as a heading', () => {
    const text = '#hashtag is not a heading\n\n---\n\nTitle\n=====\nBody.';
    expect(parseSections(text).map((section) => [section.path, section.paragraphs.length])).toEqual([
      [[], 2],
      [['Title'], 1],
    ]);
  });
});
