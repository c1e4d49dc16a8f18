import { render } from '@testing-library/react';
import { SafeHtml, sanitizeHtml } from './safe-html';

const hostile = [
  '<div><img src=x onerror="window.__xss=1"></div>',
  '<script>window.__xss=2</script>',
  '<svg onload="window.__xss=3"><circle r="1"/></svg>',
  '<a href="javascript:window.__xss=4">click</a>',
  '<p><span onclick="window.__xss=5"><img src=x onerror="window.__xss=6"></span></p>',
  '<iframe srcdoc="<script>window.__xss=7</script>"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=8">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=9>">',
  '<form action="javascript:window.__xss=10"><button>go</button></form>',
  '<p style="background:url(javascript:window.__xss=11)">styled</p>',
];

describe('sanitizeHtml', () => {
  it.each(hostile)('leaves nothing that runs of %s', (html) => {
    const clean = sanitizeHtml(html);
    expect(clean).not.toMatch(/<(img|script|svg|a|iframe|form|style|math|button)\b/i);
    expect(clean).not.toMatch(/\bon[a-z]+\s*=|javascript:|\bstyle\s*=|\bsrc\s*=|\bhref\s*=/i);
  });

  it('hoists the text of dropped elements and sanitizes their children too', () => {
    expect(sanitizeHtml('<div>Soft <img src=x onerror="window.__xss=1"> cotton</div>')).toBe('Soft  cotton');
    expect(sanitizeHtml('<section><div><p>Deep <em>text</em></p></div></section>')).toBe('<p>Deep <em>text</em></p>');
  });

  it('keeps text formatting and drops every attribute', () => {
    expect(sanitizeHtml('<p class="x" id="y" style="color:red" title="t">Hi <b>bold</b> <i>it</i><br><ul><li data-x="1">one</li></ul></p>')).toBe(
      '<p>Hi <b>bold</b> <i>it</i><br></p><ul><li>one</li></ul><p></p>',
    );
    expect(sanitizeHtml('<a href="https://example.com">a link</a>')).toBe('a link');
  });

  it('drops script and style elements with their content', () => {
    expect(sanitizeHtml('<p>before</p><script>window.__xss=2</script><style>p{color:red}</style><p>after</p>')).toBe('<p>before</p><p>after</p>');
  });
});

describe('SafeHtml', () => {
  it('renders the sanitized HTML and nothing that runs', () => {
    const { container } = render(
      <SafeHtml className="product-description" data-testid="desc" html={'<p>Safe <strong>text</strong></p><div><img src=x onerror="window.__xss=1"></div><script>window.__xss=2</script>'} />,
    );
    const root = container.querySelector('.product-description')!;
    expect(root.getAttribute('data-testid')).toBe('desc');
    expect(root.textContent).toBe('Safe text');
    expect(root.querySelector('strong')?.textContent).toBe('text');
    expect(root.querySelectorAll('img, script, [onerror]')).toHaveLength(0);
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });
});
