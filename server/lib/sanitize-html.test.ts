import { describe, expect, it } from 'vitest';
import { sanitizeNoticeHtml } from './sanitize-html';

describe('sanitizeNoticeHtml', () => {
  it('keeps what the rich-text editor writes', () => {
    const html =
      '<h1>标题</h1><h2>二</h2><h3>三</h3><h4>四</h4><p style="text-align:center">居中 <strong>粗</strong><b>b</b><em>斜</em><i>i</i><u>下划线</u><s>删除</s><br />换行</p>' +
      '<ul><li>一</li></ul><ol start="3"><li>三</li></ol><blockquote><p>引用</p></blockquote><pre><code class="language-js">const a = 1;</code></pre><hr />' +
      '<p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">链接</a> <a href="mailto:hr@example.com" target="_blank" rel="noopener noreferrer">邮件</a></p>' +
      '<p><img src="https://cdn.example.com/a.png" alt="图" /><img src="/api/file/Image/userAvatar/a.png" /></p>' +
      '<table><thead><tr><th colspan="2">表头</th></tr></thead><tbody><tr><td>格</td><td style="text-align:right">右</td></tr></tbody></table>' +
      '<p><span style="color:#1890ff;background-color:rgb(255, 255, 0)">彩色</span></p>';
    expect(sanitizeNoticeHtml(html)).toBe(html);
  });

  it('removes scripts, styles, frames, forms and their content', () => {
    const out = sanitizeNoticeHtml(
      '<p>a<script>alert(1)</script></p><style>p{color:red}</style><iframe src="https://evil.example">x</iframe><object data="x">o</object><embed src="x"><form action="/x"><input name="p"><button>b</button></form><svg><script>1</script></svg><div>保留文字</div>',
    );
    expect(out).toBe('<p>a</p>b保留文字');
  });

  it('removes every on* handler and javascript:/data:/protocol-relative URLs; links open a new tab without opener', () => {
    const out = sanitizeNoticeHtml(
      '<p onclick="x()" onmouseover="y()">p</p><img src="a.png" onerror="alert(1)" onload="z()"><a href="javascript:alert(1)" onclick="x()">j</a>' +
        '<a href="JaVaScRiPt&colon;alert(1)">k</a><a href="jav&#x09;ascript:alert(1)">t</a><a href="data:text/html,<script>alert(1)</script>">d</a>' +
        '<img src="data:image/png;base64,AAAA"><img src="//evil.example/x.png"><a href="https://ok.example" target="_self" rel="opener">ok</a><img src="javascript:alert(1)">',
    );
    expect(out).not.toMatch(/on\w+=|javascript|data:|evil|_self|opener"/i);
    expect(out).toBe(
      '<p>p</p><img src="a.png" /><a target="_blank" rel="noopener noreferrer">j</a><a target="_blank" rel="noopener noreferrer">k</a>' +
        '<a target="_blank" rel="noopener noreferrer">t</a><a target="_blank" rel="noopener noreferrer">d</a>' +
        '<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>',
    );
  });

  it('keeps only safe styles and classes', () => {
    expect(sanitizeNoticeHtml('<span style="color:red;position:fixed;background-image:url(javascript:x)" class="x">s</span>')).toBe('<span style="color:red">s</span>');
    expect(sanitizeNoticeHtml('<p style="color:red;text-align:left">p</p>')).toBe('<p style="text-align:left">p</p>');
    expect(sanitizeNoticeHtml('<span style="color:expression(alert(1))">e</span>')).toBe('<span>e</span>');
    expect(sanitizeNoticeHtml('<code class="language-ts hidden">c</code>')).toBe('<code class="language-ts">c</code>');
  });

  it('is idempotent and leaves plain text escaped', () => {
    const once = sanitizeNoticeHtml('<p onclick="x">a &lt;b&gt; & "c"</p><a href="https://x.example">x</a>');
    expect(sanitizeNoticeHtml(once)).toBe(once);
    expect(sanitizeNoticeHtml('1 < 2 & <b>3</b>')).toBe('1 &lt; 2 &amp; <b>3</b>');
    expect(sanitizeNoticeHtml('')).toBe('');
  });
});
