import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as HtmlToText from '../src/utils/html-to-text.ts';
import { requireCompiled } from './support/compiled.ts';

const { htmlToText } = requireCompiled<typeof HtmlToText>('src/utils/html-to-text');

describe('htmlToText', () => {
  test('separates paragraphs with a blank line', () => {
    assert.equal(htmlToText('<p>Hello,</p>\n<p>Welcome!</p>'), 'Hello,\n\nWelcome!');
  });

  test('writes a link whose label is its URL once', () => {
    const url = 'http://site.test/auth/reset-passwrod?code=abc&amp;x=1';
    assert.equal(htmlToText(`<p><a href="${url}">${url}</a></p>`), 'http://site.test/auth/reset-passwrod?code=abc&x=1');
  });

  test('writes other links as "label (url)"', () => {
    assert.equal(htmlToText('<a href="https://x.test/">Open</a>'), 'Open (https://x.test/)');
  });

  test('keeps line breaks and list items, drops other tags and decodes entities', () => {
    assert.equal(
      htmlToText('<div>a<br>b</div><ul><li>one</li><li><b>two</b></li></ul><p>&lt;3 &amp; &#8212; &#x41;</p>'),
      'a\nb\n\n- one\n- two\n\n<3 & — A',
    );
  });

  test('drops styles and scripts with their content', () => {
    assert.equal(htmlToText('<style>p{color:red}</style><p>text</p><script>alert(1)</script>'), 'text');
  });
});
