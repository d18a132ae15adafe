/**
 * The widget's only styles, scoped by its shadow root. Colours come in as custom
 * properties set on the root element, so this text never changes.
 */
export const WIDGET_CSS = `
:host{all:initial}
*,*::before,*::after{box-sizing:border-box}
.root{font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#111827;-webkit-font-smoothing:antialiased}
button{font:inherit;color:inherit}
svg{width:20px;height:20px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}

.launcher{position:fixed;bottom:20px;right:20px;width:56px;height:56px;padding:0;border:0;border-radius:50%;background:var(--accent);color:var(--on-accent);box-shadow:0 6px 20px rgba(17,24,39,.28);display:flex;align-items:center;justify-content:center;overflow:hidden;cursor:pointer;transition:transform .15s ease}
.launcher:hover{transform:scale(1.06)}
.launcher:focus-visible{outline-offset:3px}
.launcher svg{width:26px;height:26px}
.launcher img{width:100%;height:100%;object-fit:cover}
.left .launcher{right:auto;left:20px}

.panel{position:fixed;bottom:88px;right:20px;width:384px;max-width:calc(100vw - 40px);height:620px;max-height:calc(100vh - 108px);display:flex;flex-direction:column;background:#fff;border:1px solid rgba(17,24,39,.08);border-radius:16px;box-shadow:0 16px 48px rgba(17,24,39,.24);overflow:hidden;animation:parley-in .18s ease-out}
.panel[hidden]{display:none}
.left .panel{right:auto;left:20px}
@keyframes parley-in{from{opacity:0;transform:translateY(8px)}to{opacity:1;transform:none}}

.head{display:flex;align-items:center;gap:10px;padding:12px 10px 12px 16px;background:var(--accent);color:var(--on-accent)}
.head h2{flex:1;min-width:0;margin:0;font-size:16px;font-weight:600;line-height:1.3;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;outline:none}
.head .avatar{flex:none;width:32px;height:32px;border-radius:50%;object-fit:cover;background:rgba(255,255,255,.25)}
.icon-btn{flex:none;width:34px;height:34px;padding:0;border:0;border-radius:8px;background:transparent;display:flex;align-items:center;justify-content:center;cursor:pointer}
.icon-btn[hidden]{display:none}
.icon-btn:hover{background:rgba(127,127,127,.22)}
.head :focus-visible{outline-color:var(--on-accent);outline-offset:-2px}

.log{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;padding:16px;display:flex;flex-direction:column;gap:10px;background:#f9fafb}
.msg{max-width:85%;padding:9px 13px;border-radius:14px;white-space:pre-wrap;overflow-wrap:anywhere}
.bot{align-self:flex-start;background:#fff;border:1px solid #e5e7eb;border-bottom-left-radius:4px}
.visitor{align-self:flex-end;background:var(--accent);color:var(--on-accent);border-bottom-right-radius:4px}
.error{align-self:stretch;max-width:none;padding:8px 12px;border:1px solid #fecaca;border-radius:10px;background:#fef2f2;color:#991b1b;font-size:13px}

.md{white-space:normal}
.md>*{margin:0}
.md>*+*{margin-top:8px}
.md ul,.md ol{padding-left:20px}
.md li+li,.md li>ul,.md li>ol{margin-top:2px}
.md .h{font-weight:600}
.md a{color:var(--accent-text);text-decoration:underline;text-underline-offset:2px}
.md code{padding:1px 4px;border-radius:4px;background:#f3f4f6;font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.md pre{padding:8px 10px;border-radius:8px;background:#f3f4f6;overflow-x:auto;white-space:pre}
.md pre code{padding:0;background:none}
.md hr{border:0;border-top:1px solid #e5e7eb}

.agent{border-color:var(--accent)}
.author{margin:0 0 2px;color:var(--accent-text);font-size:12px;font-weight:600}
.note{align-self:center;max-width:90%;margin:2px 0;color:#6b7280;font-size:12.5px;text-align:center}
.strip{margin:0;padding:7px 16px;border-bottom:1px solid #e5e7eb;background:var(--ring);color:#374151;font-size:13px}
.strip[hidden]{display:none}
.thumbs{display:flex;gap:2px;margin:6px 0 -4px -6px;white-space:normal}
.thumb{width:28px;height:28px;padding:0;border:0;border-radius:6px;background:transparent;color:#9ca3af;display:flex;align-items:center;justify-content:center;cursor:pointer}
.thumb svg{width:16px;height:16px}
.thumb:hover{background:#f3f4f6;color:#4b5563}
.thumb[aria-pressed=true]{color:var(--accent-text);background:var(--ring)}
.offer{align-self:flex-start}
.chips{display:flex;flex-wrap:wrap;gap:6px;margin-top:2px}
.chip{padding:6px 12px;border:1px solid var(--accent);border-radius:999px;background:#fff;color:var(--accent-text);font-size:13px;line-height:1.35;text-align:left;cursor:pointer}
.chip:hover{background:var(--ring)}
.actions{margin-top:8px;white-space:normal}
.action-list{display:flex;flex-wrap:wrap;gap:6px}
.action-card{display:flex;flex-direction:column;gap:8px;padding:10px;border:1px solid #e5e7eb;border-radius:10px;background:#f9fafb;font-size:13px}
.field{display:flex;flex-direction:column;gap:3px}
.field label{font-weight:600;color:#374151}
.optional{font-weight:400;color:#6b7280}
.field input,.field select{margin:0;padding:7px 9px;border:1px solid #d1d5db;border-radius:8px;background:#fff;color:#111827;font:inherit;outline:none}
.field input:focus,.field select:focus{border-color:var(--accent);box-shadow:0 0 0 3px var(--ring)}
.field.check{flex-flow:row wrap;align-items:center;column-gap:8px}
.field.check .hint{flex-basis:100%}
.hint,.ask,.problem{margin:0}
.hint{color:#6b7280;font-size:12px}
.ask{font-weight:600}
.problem{color:#991b1b}
.action-list[hidden],.problem[hidden]{display:none}
.action-buttons{display:flex;gap:8px}
.confirm,.cancel{padding:6px 14px;border:1px solid var(--accent);border-radius:8px;background:var(--accent);color:var(--on-accent);font-size:13px;cursor:pointer}
.cancel{border-color:#d1d5db;background:#fff;color:#374151}
.confirm:disabled,.cancel:disabled{opacity:.6;cursor:default}

.typing{display:inline-flex;gap:4px;padding:4px 0}
.typing i{width:7px;height:7px;border-radius:50%;background:#9ca3af;animation:parley-dot 1.2s infinite ease-in-out}
.typing i:nth-child(2){animation-delay:.15s}
.typing i:nth-child(3){animation-delay:.3s}
@keyframes parley-dot{0%,80%,100%{opacity:.3;transform:translateY(0)}40%{opacity:1;transform:translateY(-3px)}}

.sources{margin-top:8px;padding-top:8px;border-top:1px solid #e5e7eb;white-space:normal;font-size:13px}
.sources-label{margin:0 0 2px;color:#6b7280;font-size:11px;font-weight:600;letter-spacing:.05em;text-transform:uppercase}
.source-list{margin:0;padding:0;list-style:none}
.source summary{padding:2px 0;color:#374151;cursor:pointer}
.source summary:hover{color:#111827;text-decoration:underline}
.source-number{margin-right:4px;color:var(--accent-text);font-size:11px;font-weight:600;font-variant-numeric:tabular-nums}
.source blockquote{margin:4px 0 6px;padding:6px 9px;border-left:3px solid var(--accent);border-radius:4px;background:#f3f4f6;color:#4b5563;font-size:12.5px;white-space:pre-wrap}

.compose{display:flex;align-items:flex-end;gap:8px;padding:10px 12px;border-top:1px solid #e5e7eb;background:#fff}
.compose textarea{flex:1;min-width:0;min-height:40px;max-height:120px;margin:0;padding:9px 11px;border:1px solid #d1d5db;border-radius:10px;background:#fff;color:#111827;font:inherit;line-height:1.4;resize:none;outline:none}
.compose textarea:focus{border-color:var(--accent);box-shadow:0 0 0 3px var(--ring)}
.compose textarea:disabled{background:#f3f4f6}
.send{flex:none;width:40px;height:40px;padding:0;border:0;border-radius:10px;background:var(--accent);color:var(--on-accent);display:flex;align-items:center;justify-content:center;cursor:pointer}
.send:disabled{opacity:.45;cursor:default}

@media (max-width:480px){
.panel{top:0;right:0;bottom:0;left:0;width:100%;max-width:none;height:100%;max-height:none;border:0;border-radius:0}
.left .panel{left:0}
.open .launcher{display:none}
.compose textarea,.field input,.field select{font-size:16px}
}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
`;
