import { describe, expect, it } from 'vitest';
import { findWidgetScript, isWidgetSrc, parleyBaseUrl, type ScriptLike } from './script';

const script = (src: string, chatbotId?: string): ScriptLike => ({ src, getAttribute: (name) => (name === 'data-chatbot-id' ? (chatbotId ?? null) : null) });

describe('the Parley address from the widget script', () => {
  it('is everything before /widget.js', () => {
    expect(parleyBaseUrl('https://parley.example.com/widget.js')).toBe('https://parley.example.com');
    expect(parleyBaseUrl('http://127.0.0.1:3000/widget.js?v=2#x')).toBe('http://127.0.0.1:3000');
    expect(parleyBaseUrl('https://example.com/tools/parley/widget.js')).toBe('https://example.com/tools/parley');
  });

  it('resolves a relative src against the page', () => {
    expect(parleyBaseUrl('/widget.js', 'https://parley.example.com/demo/abc')).toBe('https://parley.example.com');
    expect(parleyBaseUrl('//cdn.example.net/widget.js', 'https://shop.example.com/')).toBe('https://cdn.example.net');
  });

  it('is null for anything that is not an http(s) widget.js', () => {
    expect(parleyBaseUrl('https://example.com/other.js')).toBeNull();
    expect(parleyBaseUrl('https://example.com/widget.jsx')).toBeNull();
    expect(parleyBaseUrl('data:text/javascript,widget.js')).toBeNull();
    expect(parleyBaseUrl('not a url')).toBeNull();
  });
});

describe('finding our own script tag', () => {
  it('prefers document.currentScript', () => {
    const current = script('https://parley.example.com/widget.js', 'bot-1');
    expect(findWidgetScript(current, [script('https://parley.example.com/widget.js', 'bot-2'), current])).toBe(current);
  });

  it('otherwise takes the last widget script that names a chatbot', () => {
    const wanted = script('https://parley.example.com/widget.js?x=1', 'bot-2');
    const scripts = [
      script('https://parley.example.com/widget.js', 'bot-1'),
      wanted,
      script('https://parley.example.com/widget.js'),
      script('https://cdn.example.com/app.js', 'bot-3'),
    ];
    expect(findWidgetScript(null, scripts)).toBe(wanted);
    expect(findWidgetScript(script('https://cdn.example.com/app.js'), scripts)).toBe(wanted);
  });

  it('is null when no script names a chatbot', () => {
    expect(findWidgetScript(null, [script('https://parley.example.com/widget.js')])).toBeNull();
    expect(isWidgetSrc('')).toBe(false);
  });
});
