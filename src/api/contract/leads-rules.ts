/**
 * The leads contract's rules and constants without zod: the guide's pages use them at
 * load, and importing leads.ts for them built every leads schema (and loaded zod) before the
 * page hydrated. leads.ts re-exports all of it.
 */
import type { GuideAnswers, GuideInput, GuideStep } from './leads';

/**
 * The inputs of a step that apply to the given answers (VisibleWhen). SPEC §4 "finished" and
 * progress count these; the server validates exactly these.
 */
export function activeInputs(step: Pick<GuideStep, 'Inputs'>, answers: GuideAnswers): GuideInput[] {
  return step.Inputs.filter((input) => {
    const when = input.VisibleWhen;
    if (!when) return true;
    const v = answers[when.Key];
    return v !== undefined && when.Values.includes(v);
  });
}

/** The fictitious lead partner (path segment of the banner call, name in the consent text). */
export const LEAD_PARTNER = { slug: 'waermepartner', name: 'WärmePartner' } as const;

/**
 * The exact consent text the form shows next to the checkbox. The server stores the text it
 * receives and refuses any other text, so what is stored is what the visitor saw.
 */
export const LEAD_CONSENT_TEXT =
  'Ich bin einverstanden, dass Ölkompass meine Angaben aus diesem Formular und dem ' +
  'Verbrauchsvergleich an den Partner WärmePartner weitergibt, damit er mich zu Heizungscheck ' +
  'und Modernisierung kontaktiert. Diese Einwilligung kann ich jederzeit per E-Mail an ' +
  'datenschutz@oelkompass.example widerrufen.';

export const LEAD_TITLES = ['', 'Herr', 'Frau', 'Divers'] as const;
