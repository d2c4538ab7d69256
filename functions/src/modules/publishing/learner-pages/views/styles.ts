/**
 * The learner pages' whole stylesheet, inlined in each page (one request less on a slow phone).
 * Light and dark follow `prefers-color-scheme`; the custom properties on `:root` are also what
 * the learner script's own UI uses. Sizes that the script fills later (progress line, actions)
 * are reserved here, and images carry their width and height, so nothing shifts as a page loads.
 */
export const PAGE_CSS = `
:root{color-scheme:light dark;--cc-bg:#ffffff;--cc-surface:#f5f6f8;--cc-fg:#1a1d21;--cc-muted:#515761;--cc-border:#cdd2d9;--cc-primary:#1d4ed8;--cc-on-primary:#ffffff;--cc-success:#146c36;--cc-error:#b3261e;--cc-info-bg:#e8f0fe;--cc-error-bg:#fdecec;--cc-success-bg:#e6f4ea}
@media (prefers-color-scheme:dark){:root{--cc-bg:#121417;--cc-surface:#1c1f24;--cc-fg:#e8eaed;--cc-muted:#aeb4bd;--cc-border:#3b4048;--cc-primary:#8ab4f8;--cc-on-primary:#0b1a33;--cc-success:#7ad19b;--cc-error:#f4a29b;--cc-info-bg:#1d2a3f;--cc-error-bg:#3d1f1f;--cc-success-bg:#18321f}}
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--cc-bg);color:var(--cc-fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}
a{color:var(--cc-primary)}
a:focus-visible,button:focus-visible,summary:focus-visible{outline:3px solid var(--cc-primary);outline-offset:2px}
img,svg{max-width:100%;height:auto}
.visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.skip-link{position:absolute;left:8px;top:-48px;padding:8px 12px;background:var(--cc-primary);color:var(--cc-on-primary);z-index:10}
.skip-link:focus{top:8px}
.site-header{display:flex;align-items:center;justify-content:space-between;gap:16px;min-height:56px;padding:8px 16px;border-bottom:1px solid var(--cc-border);background:var(--cc-surface)}
.site-header .brand{font-weight:700;font-size:1.15rem;color:var(--cc-fg);text-decoration:none}
#learn-account{display:flex;gap:12px;align-items:center;min-height:40px}
#learn-account a{padding:6px 10px}
.page{max-width:1200px;margin:0 auto;padding:16px}
main{min-width:0}
h1{font-size:1.75rem;line-height:1.25;margin:8px 0 12px}
h2{font-size:1.3rem;line-height:1.3}
.muted{color:var(--cc-muted)}
.learn-progress{min-height:1.6em;margin:8px 0;color:var(--cc-muted)}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:8px 18px;border:1px solid var(--cc-primary);border-radius:8px;background:transparent;color:var(--cc-primary);font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.button-primary{background:var(--cc-primary);color:var(--cc-on-primary)}
.button:disabled{opacity:.6;cursor:default}
.button.is-completed{border-color:var(--cc-success);color:var(--cc-success)}
.learn-actions{min-height:60px;display:flex;align-items:center;gap:12px;margin:24px 0 8px}
.learn-messages:empty{display:none}
.alert{padding:12px 16px;border-radius:8px;margin:8px 0;border:1px solid var(--cc-border)}
.alert-info{background:var(--cc-info-bg)}
.alert-error{background:var(--cc-error-bg);color:var(--cc-fg);border-color:var(--cc-error)}
.alert-success{background:var(--cc-success-bg);border-color:var(--cc-success)}
.breadcrumb ol{list-style:none;display:flex;flex-wrap:wrap;gap:4px;padding:0;margin:0;font-size:.95rem}
.breadcrumb li+li::before{content:"›";margin-right:4px;color:var(--cc-muted)}
.lesson-place{margin:16px 0 0;color:var(--cc-muted);font-size:.95rem}
.outline ul{list-style:none;margin:0;padding:0}
.outline h2,.outline h3{margin:16px 0 4px}
.outline h3{font-size:1rem}
.outline li a{display:flex;gap:6px;padding:6px 8px;border-radius:6px;text-decoration:none;color:var(--cc-fg)}
.outline li a:hover{background:var(--cc-surface)}
.outline a[aria-current=page]{background:var(--cc-info-bg);font-weight:600}
.outline a::before{content:"";flex:0 0 1.1em;width:1.1em;text-align:center}
.outline a.is-completed::before{content:"✓";color:var(--cc-success);font-weight:700}
.outline-details{margin:8px 0 16px;border:1px solid var(--cc-border);border-radius:8px;padding:0 12px}
.outline-details>summary{min-height:44px;display:flex;align-items:center;cursor:pointer;font-weight:600}
.outline-aside{display:none}
@media (min-width:960px){.layout{display:grid;grid-template-columns:280px minmax(0,1fr);gap:32px}.outline-aside{display:block;position:sticky;top:16px;align-self:start;max-height:calc(100vh - 32px);overflow:auto}.outline-details{display:none}}
.course-card{display:grid;gap:16px;margin:8px 0 24px}
.cover{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;border-radius:12px;background:var(--cc-surface)}
.subject-cover{width:160px;max-width:40%;aspect-ratio:16/9;object-fit:cover;border-radius:8px;float:right;margin:0 0 8px 12px}
@media (min-width:760px){.course-card{grid-template-columns:minmax(0,3fr) minmax(0,2fr);align-items:start}}
.subject{margin:16px 0;padding-top:8px;border-top:1px solid var(--cc-border);overflow:hidden}
.pager{display:flex;flex-wrap:wrap;justify-content:space-between;gap:12px;margin:16px 0 32px}
.pager a{display:inline-flex;min-height:44px;align-items:center;padding:8px 12px;border:1px solid var(--cc-border);border-radius:8px;text-decoration:none}
.pager .next{margin-left:auto}
.lesson-body{overflow-wrap:break-word}
.lesson-body pre{white-space:pre-wrap;overflow-wrap:anywhere;padding:12px;background:var(--cc-surface);border:1px solid var(--cc-border);border-radius:8px}
.lesson-body code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em}
.lesson-body table{border-collapse:collapse;display:block;overflow:auto}
.lesson-body th,.lesson-body td{border:1px solid var(--cc-border);padding:6px 10px}
.lesson-body blockquote{margin:0;padding-left:12px;border-left:4px solid var(--cc-border);color:var(--cc-muted)}
.lesson-body .katex-display{overflow-x:auto;overflow-y:hidden;padding:4px 0}
.lesson-body .katex{color:var(--cc-fg)}
sup{line-height:0}
[data-footnote-ref]{padding:0 2px;font-weight:600}
[data-footnote-ref],.footnotes li{scroll-margin-top:16px}
.footnotes{margin-top:32px;padding-top:8px;border-top:1px solid var(--cc-border);font-size:.9rem}
.footnotes h2{font-size:1rem;margin:8px 0}
.footnotes ol{margin:0;padding-left:1.5em}
.footnotes li{margin:4px 0;overflow-wrap:anywhere}
.footnotes li p{margin:0}
.footnotes li:target{background:var(--cc-info-bg)}
.data-footnote-backref{padding:0 6px}
@media print{.data-footnote-backref{display:none}}
.diagram{margin:16px 0}
.diagram-drawing{overflow-x:auto}
.diagram-drawing svg{display:block;margin:0 auto;max-width:100%;height:auto}
.diagram-dark{display:none}
@media (prefers-color-scheme:dark){.diagram-light{display:none}.diagram-dark{display:block}}
.diagram-text summary{cursor:pointer;color:var(--cc-muted)}
.empty-lesson{padding:16px;border:1px dashed var(--cc-border);border-radius:8px}
.site-footer{border-top:1px solid var(--cc-border);padding:16px;text-align:center;color:var(--cc-muted);font-size:.9rem}
.not-found{max-width:640px;margin:48px auto;text-align:center}
.checks{margin:32px 0 8px;padding-top:8px;border-top:1px solid var(--cc-border)}
.checks-noscript{padding:12px 16px;border-radius:8px;background:var(--cc-info-bg);border:1px solid var(--cc-border)}
.check{margin:16px 0;padding:16px;border:1px solid var(--cc-border);border-radius:12px;background:var(--cc-surface);overflow-wrap:break-word}
.check-text>:first-child{margin-top:0}
.check-text .katex-display{overflow-x:auto;overflow-y:hidden}
.check-options{margin:12px 0;padding:0;border:0;min-width:0}
.check-option{display:flex;align-items:flex-start;gap:10px;min-height:44px;padding:8px 0}
.check-option input{flex:0 0 auto;width:22px;height:22px;margin:2px 0 0;accent-color:var(--cc-primary)}
.check-option label{flex:1;min-width:0;cursor:pointer}
.check-answer{display:grid;gap:6px;margin:12px 0}
.check-answer input{width:100%;max-width:28em;min-height:44px;padding:8px 12px;border:1px solid var(--cc-muted);border-radius:8px;background:var(--cc-bg);color:var(--cc-fg);font:inherit}
.check-order{margin:12px 0;padding-left:1.6em}
.check-item{min-height:44px;padding:8px 10px;margin:6px 0;border:1px solid var(--cc-border);border-radius:8px;background:var(--cc-bg)}
.check-actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:12px}
.check-submit{min-height:44px;padding:8px 18px;border:1px solid var(--cc-primary);border-radius:8px;background:var(--cc-primary);color:var(--cc-on-primary);font:inherit;font-weight:600;cursor:pointer}
.check input:focus-visible,.check-submit:focus-visible,.check-item:focus-visible{outline:3px solid var(--cc-primary);outline-offset:2px}
.check-result:empty{margin-top:0}
.check-result{margin-top:12px}
.check-verdict{margin:8px 0 4px;font-weight:700}
.check-verdict.is-correct,.check-in-order{color:var(--cc-success)}
.check-verdict.is-wrong{color:var(--cc-error)}
.check-feedback,.check-explanation{margin:4px 0;overflow-wrap:break-word}
.check-feedback>:first-child,.check-explanation>:first-child{margin-top:0}
.check-feedback>:last-child,.check-explanation>:last-child{margin-bottom:0}
.check-message{margin:8px 0}
.check-error{padding:8px 12px;border:1px solid var(--cc-error);border-radius:8px;background:var(--cc-error-bg)}
.check-result-actions{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0}
.check-option.is-answer{outline:2px solid var(--cc-success);outline-offset:2px;border-radius:6px}
.check-mark{display:inline-block;margin-left:4px;padding:0 8px;border-radius:999px;background:var(--cc-success-bg);color:var(--cc-success);font-size:.85rem;font-weight:600}
.check-accepted-title{margin:8px 0 0;font-weight:600}
.check-accepted{margin:4px 0 8px;overflow-wrap:anywhere}
.check-order .check-item{display:flex;align-items:center;gap:8px}
.check-order.is-answer .check-item{color:var(--cc-success)}
.check-item-text{flex:1 1 auto;min-width:0;overflow-wrap:anywhere}
.check-item-moves{display:flex;gap:4px;flex:0 0 auto}
.check-move{min-width:44px;min-height:44px;border:1px solid var(--cc-border);border-radius:8px;background:var(--cc-bg);color:var(--cc-fg);font:inherit;font-size:1.1rem;line-height:1;cursor:pointer}
.check-move:disabled{opacity:.45;cursor:default}
.chapter-quiz{display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px;margin:4px 0 8px;padding-left:8px}
.chapter-quiz a{display:inline-flex;align-items:center;min-height:44px;font-weight:600}
.quiz-result:empty,.learn-course-completed:empty{display:none}
.quiz-result{color:var(--cc-muted)}
.learn-course-completed{font-weight:700;color:var(--cc-success)}
.pager .chapter-quiz-link{font-weight:600}
.quiz{max-width:760px}
.quiz-facts{color:var(--cc-muted)}
.quiz-question-heading:focus,.quiz-result-view h2:focus{outline:none}
.quiz-nav{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}
.quiz-nav .quiz-submit{margin-left:auto}
.quiz-score{font-weight:700;font-size:1.1rem}
.quiz-score.is-passed{color:var(--cc-success)}
.quiz-review{padding-left:0;list-style:none}
.quiz-review-item{margin:12px 0;padding:12px 16px;border:1px solid var(--cc-border);border-radius:12px;background:var(--cc-surface);overflow-wrap:break-word}
.quiz-review-item h4{margin:0 0 8px}
.quiz-review-line{margin:4px 0}
`
  .trim()
  .replace(/\n/g, '');
