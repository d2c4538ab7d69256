/**
 * The script's own UI (alerts' layout, the account entries, the dialog), in the page's colours:
 * the custom properties the server's stylesheet sets for light and dark.
 */
export const LEARNER_CSS = `
.learn-alert{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem}
.learn-alert>p{margin:0;flex:1 1 16rem}
.learn-dismiss{background:none;border:0;color:inherit;font:inherit;font-size:1.25rem;line-height:1;padding:.25rem .5rem;cursor:pointer;border-radius:4px}
.learn-dismiss:focus-visible,.learn-logout:focus-visible{outline:2px solid var(--cc-primary);outline-offset:2px}
.learn-logout{background:none;border:1px solid var(--cc-border);color:var(--cc-fg);font:inherit;padding:.25rem .75rem;border-radius:6px;cursor:pointer}
.learn-dialog{width:min(32rem,calc(100vw - 2rem));max-height:calc(100dvh - 2rem);box-sizing:border-box;padding:1.25rem;border:1px solid var(--cc-border);border-radius:12px;background:var(--cc-surface);color:var(--cc-fg);overflow:auto}
.learn-dialog::backdrop{background:rgb(0 0 0 / .5)}
.learn-dialog h2{margin:0 0 .5rem;font-size:1.25rem}
.learn-dialog p{margin:0 0 1rem}
.learn-dialog form{display:grid;gap:.75rem}
.learn-field-row{display:grid;gap:.75rem;grid-template-columns:1fr 1fr}
@media (max-width:480px){.learn-field-row{grid-template-columns:1fr}}
.learn-field{display:grid;gap:.25rem;min-width:0}
.learn-field label{font-weight:600}
.learn-field input{font:inherit;padding:.5rem .625rem;border:1px solid var(--cc-border);border-radius:6px;background:var(--cc-bg);color:var(--cc-fg);min-width:0}
.learn-field input:focus-visible{outline:2px solid var(--cc-primary);outline-offset:1px}
.learn-field input[aria-invalid=true]{border-color:var(--cc-error)}
.learn-dialog .learn-field-help{margin:0;color:var(--cc-muted);font-size:.875rem}
.learn-dialog .learn-field-error{margin:0;color:var(--cc-error);font-size:.875rem}
.learn-dialog .learn-dialog-error{padding:.5rem .75rem;border-radius:6px;background:var(--cc-error-bg);color:var(--cc-fg)}
.learn-dialog .learn-or{display:flex;align-items:center;gap:.75rem;margin:1rem 0;color:var(--cc-muted)}
.learn-or::before,.learn-or::after{content:"";flex:1;border-top:1px solid var(--cc-border)}
.learn-google{width:100%}
.learn-dialog form .button{width:100%}
.learn-dialog-actions{display:flex;justify-content:flex-end;margin-top:1rem}
`;

/** Adds the script's stylesheet to the page once. */
export function injectLearnerStyles(doc: Document): void {
  if (doc.getElementById('learn-script-styles')) return;
  const style = doc.createElement('style');
  style.id = 'learn-script-styles';
  style.textContent = LEARNER_CSS;
  doc.head.append(style);
}
