/**
 * The oil-consumption guide (SPEC §2 /heizoel-verbrauchsvergleich, /schritt-{stepId},
 * /dein-heizoelverbrauch, /leads/lead-formular; §3 Guide state; §4 Guide). Pages for the router;
 * the store for anyone who wants the `guide-finished` event (`guideEvents`).
 */
export { GuidePage } from './guide-page';
export { GuideResultPage } from './result-page';
export { LeadFormPage } from './lead-form-page';
export { guideEvents, GUIDE_FINISHED, resetGuide } from './store';
export { texts as guideTexts } from './texts';
