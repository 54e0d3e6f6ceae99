/**
 * The only inline scripts a page may carry. The CSP allows each by the hash of its exact text
 * (server/plugins/security.ts), so changing a text here changes the policy with it.
 */

/**
 * Written right after a dialog the server renders open (the consent question on a first visit,
 * src/ui/modal/modal.tsx): makes it a modal while the page is still being parsed, before the
 * first paint. The page behind is inert and focus stays in the dialog from the start, not only
 * once the app has loaded; and the browser does it inside the first style and layout, instead
 * of restyling the whole page in a task of its own after hydration (TBT). Without
 * JavaScript, or where showModal fails, the dialog stays open as the server wrote it.
 */
export const OPEN_AS_MODAL_SCRIPT =
  'try{var d=document.currentScript.previousElementSibling;d.close();d.showModal()}catch(e){}';

/**
 * In the head of every server-rendered page (src/ui/early-taps.ts): keeps the buttons tapped
 * before the app has taken over the page, so they can be pressed for the visitor once it has.
 * Only buttons without an action of their own: a submit button in a form and a link work
 * without the app. Each button once, however often it was tapped while nothing happened.
 */
export const EARLY_TAPS_SCRIPT =
  'window.earlyTaps=[];document.addEventListener("click",function(e){var q=window.earlyTaps,' +
  'b=e.target&&e.target.closest&&e.target.closest("button");' +
  'if(q&&b&&!b.disabled&&(b.type==="button"||!b.form)&&q.indexOf(b)<0)q.push(b)},true)';

export const INLINE_SCRIPTS: readonly string[] = [OPEN_AS_MODAL_SCRIPT, EARLY_TAPS_SCRIPT];
