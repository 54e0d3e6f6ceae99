/**
 * The only inline scripts a page may carry. The CSP allows each by the hash of its exact text
 * (server/plugins/security.ts), so changing a text here changes the policy with it.
 */

/**
 * Written right after a dialog the server renders open (the consent question on a first visit,
 * src/ui/modal/modal.tsx): makes it a modal while the page is still being parsed, before the
 * first paint. The page behind is inert and focus stays in the dialog from the start, not only
 * once the app has loaded; and the browser does it inside the first style and layout, instead
 * of restyling the whole page in a task of its own after hydration (issue 10, TBT). Without
 * JavaScript, or where showModal fails, the dialog stays open as the server wrote it.
 */
export const OPEN_AS_MODAL_SCRIPT =
  'try{var d=document.currentScript.previousElementSibling;d.close();d.showModal()}catch(e){}';

export const INLINE_SCRIPTS: readonly string[] = [OPEN_AS_MODAL_SCRIPT];
